import { createBookingCall, getBookingCall } from '@yaari/domain/booking'
import { VALID_ATTENDEE } from '@yaari/domain/booking.fixture'
import { catalogueOf, type PublishedCatalogue, type YaariEvent } from '@yaari/domain/catalogue'
import {
  archiveCatalogueEventCall,
  type EventDraft,
  listCatalogueCall,
  publishCatalogueEventCall,
  saveCatalogueCityCall,
  saveCatalogueEventCall,
  uploadEventCoverCall,
} from '@yaari/domain/catalogue-editor'
import {
  CATALOGUE_MESSAGES,
  COVER_UPLOADS_PER_DAY,
  NEW_EVENTS_PER_DAY,
  PUBLISHES_PER_DAY,
  seedCatalogue,
} from '@yaari/domain/catalogue-records'
import { SEED } from '@yaari/domain/catalogue-seed'
import { HOST_MESSAGES, listReportsCall, moderateMemberCall } from '@yaari/domain/host'
import { PASS_PREFIX_V2, type PassPublicKeys, parsePassPublicKeys } from '@yaari/domain/pass'
import { passVerifier } from '@yaari/domain/pass-verifier'
import { availableDates } from '@yaari/domain/schedule'
import { joinWaitlistCall } from '@yaari/domain/waitlist'
import { getAuth } from 'firebase-admin/auth'
import type { Firestore } from 'firebase-admin/firestore'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { stackPorts, standinControl } from '../../dev/lib/config.mjs'
import { runStackJob } from '../../dev/lib/scheduler.mjs'
import { publishEvent } from '../../functions/src/services/catalogue/editor'
import { moderateMember } from '../../functions/src/services/host/moderation'
import { callFunction } from '../../src/lib/firebase'
import { cityByAdmin, eventDraft, publishSaved, runCity, savedCopy } from './catalogue-fixtures'
import {
  adminDb,
  bookableDates,
  bookingMember,
  callAnything,
  failure,
  gate,
  paidBooking,
  rejection,
  setClaims,
  signedInHost,
  signedInWith,
  signOutMember,
} from './helpers'

afterEach(signOutMember)

const APP = `http://127.0.0.1:${stackPorts().app}`
const CITY = runCity('pub', 'Publishpur')
const suffix = CITY.id.slice('pub-'.length)
/** A draft of an event of this run's city. */
const draft = (name: string, change: Partial<EventDraft> = {}) =>
  eventDraft(CITY, `${name}-${suffix}`, { title: `${name} ${suffix}`, ...change })

const published = async (): Promise<PublishedCatalogue> => (await fetch(`${APP}/catalogue.json`)).json()
const liveCopy = async (id: string) => (await published()).events.find((event) => event.id === id)
const asAdmin = () => signedInWith({ admin: true })

/** Saves `event` as a new record, unpublished, as whoever is signed in. */
const saveNew = (event: EventDraft) => callFunction(saveCatalogueEventCall, { event, isNew: true })

/** Signs in as an admin and saves `event` as a new record, unpublished; returns it. */
async function savedByAdmin(event: EventDraft) {
  await asAdmin()
  await saveNew(event)
  return event
}

/** Saves (new) and publishes `event` as an admin. */
async function publishNew(event: EventDraft) {
  await saveNew(event)
  return publishSaved(event.id)
}

const hold = (eventId: string, eventDate: string) =>
  callAnything(createBookingCall, { eventId, eventDate, tier: 'girls', userProfile: { ...VALID_ATTENDEE } })

/** A new member with a profile holds a seat of `eventId` on `eventDate` (unpaid), and signs out. */
async function heldByNewMember(eventId: string, eventDate: string) {
  await bookingMember()
  await hold(eventId, eventDate)
  await signOutMember()
}

beforeAll(() => cityByAdmin(CITY), 60_000)

// This run's city off the selector again: its events are on no listing of the tests that follow.
afterAll(async () => {
  await asAdmin()
  // This run's cities off the selector (the ones a test adds beside it too).
  for (const id of [CITY.id, `move-${suffix}`, `pause-${suffix}`, `soon-${suffix}`]) {
    const city = (await published()).cities.find((known) => known.id === id)
    if (city)
      await callFunction(saveCatalogueCityCall, {
        city: { ...CITY, id, name: city.name, live: city.live, status: 'archived' },
      })
  }
  await signOutMember()
}, 60_000)

describe('a save goes live only by its own publish', () => {
  const brunch = draft('brunch')
  const walk = draft('walk', { schedule: { weekdays: [6], dates: [], skipped: [], monthsAhead: 2 } })

  it('keeps the saved ₹777 and the dropped held date out of the catalogue whoever publishes anything else, and flags them', async () => {
    await asAdmin()
    await publishNew(brunch)
    await publishNew(walk)
    await signOutMember()
    const date = availableDates(brunch)[1]!
    await heldByNewMember(brunch.id, date)

    // A host of the city saves a new price and drops the held date: saved, not published.
    await signedInWith({ host_cities: [CITY.id] })
    const saved = {
      ...brunch,
      prices: { girls: 777, boys: 1299 },
      schedule: { ...brunch.schedule, skipped: [date] },
    }
    const { event } = await callFunction(saveCatalogueEventCall, { event: saved, isNew: false })
    expect([event.status, event.unpublishedChanges]).toEqual(['published', true])
    // A change of schedule alone is flagged too.
    const listed = (await callFunction(listCatalogueCall, {})).events.find((e) => e.id === brunch.id)
    expect(listed?.unpublishedChanges).toBe(true)
    // Publishing it directly is refused: the date has a seat held.
    const refused = await failure(callAnything(publishCatalogueEventCall, await savedCopy(brunch.id)))
    expect(refused.code).toBe('functions/failed-precondition')
    // Someone publishes another event, then an admin saves the city: neither carries the brunch's save.
    await publishSaved(walk.id)
    await signOutMember()
    await asAdmin()
    await callFunction(saveCatalogueCityCall, { city: { ...CITY, name: 'Publishpur East' } })
    const live = await liveCopy(brunch.id)
    expect(live?.prices.girls).toBe(899)
    expect(availableDates(live!)).toContain(date)
    // Members are charged what is published.
    await signOutMember()
    await bookingMember()
    const booked = await hold(brunch.id, availableDates(brunch)[2]!)
    expect((await adminDb().doc(`bookings/${booked.order_id}`).get()).get('amount')).toBe(899)
  }, 90_000)

  it('refuses a publish of a copy someone saved over since, and publishes nothing of either', async () => {
    const dinner = draft('dinner')
    await asAdmin()
    await publishNew(dinner)
    await signOutMember()
    // One host saves ₹111 and is about to publish it; another saves ₹222 first.
    await signedInWith({ host_cities: [CITY.id] })
    const mine = await callFunction(saveCatalogueEventCall, {
      event: { ...dinner, prices: { girls: 111, boys: 1299 } },
      isNew: false,
    })
    await signOutMember()
    await signedInWith({ host_cities: [CITY.id] })
    await callFunction(saveCatalogueEventCall, {
      event: { ...dinner, prices: { girls: 222, boys: 1299 } },
      isNew: false,
    })
    await signOutMember()
    await signedInWith({ host_cities: [CITY.id] })
    const stale = await failure(
      callAnything(publishCatalogueEventCall, { id: dinner.id, savedAt: mine.event.updatedAt }),
    )
    expect([stale.code, stale.message]).toEqual(['functions/failed-precondition', CATALOGUE_MESSAGES.changedSince])
    expect((await liveCopy(dinner.id))?.prices.girls).toBe(899)
    // Opened again, the copy on record is what a publish puts live.
    await publishSaved(dinner.id)
    expect((await liveCopy(dinner.id))?.prices.girls).toBe(222)
  }, 60_000)
})

describe('passes past 255 events', () => {
  let before: PublishedCatalogue

  beforeAll(async () => {
    // Years of publishing: 300 archived events (each in its document, out of the snapshot) of a city
    // no longer on the selector, each with its number.
    before = (await adminDb().doc('catalogue/published').get()).data() as PublishedCatalogue
    const highest = Math.max(before.highestPassCode ?? 0, ...before.events.map((event) => event.passCode))
    const version = before.version + 1
    const { shortId: _link, ...template } = before.events[0]!
    const batch = adminDb().batch()
    for (let i = 0; i < 300; i++) {
      batch.set(adminDb().doc(`catalogue_archive/old-${suffix}-${i}`), {
        ...template,
        id: `old-${suffix}-${i}`,
        city: 'gone',
        status: 'archived',
        passCode: highest + 1 + i,
        archived_version: version,
      })
    }
    await batch.commit()
    await adminDb()
      .doc('catalogue/published')
      .set({ ...before, version, highestPassCode: highest + 300 })
    await adminDb().doc('catalogue/version').set({ version, published_at: before.publishedAt })
  })

  afterAll(async () => {
    const old = await adminDb().collection('catalogue_archive').where('city', '==', 'gone').get()
    await Promise.all(old.docs.filter((doc) => doc.id.startsWith(`old-${suffix}-`)).map((doc) => doc.ref.delete()))
  })

  it('publishes event 300-odd, and its paid booking’s pass reads at the door as that event', async () => {
    await asAdmin()
    const late = draft('late')
    await publishNew(late)
    const live = await liveCopy(late.id)
    expect(live?.passCode).toBeGreaterThan(300)
    // The 300 archived events are none of the snapshot's document, and all of what members read.
    const stored = (await adminDb().doc('catalogue/published').get()).data() as PublishedCatalogue
    expect(stored.events.some((event) => event.status === 'archived' && event.city === 'gone')).toBe(false)
    expect((await published()).events.filter((event) => event.id.startsWith(`old-${suffix}-`))).toHaveLength(300)
    await signOutMember()
    await bookingMember()
    const date = availableDates(late)[1]!
    const { order_id: orderId } = await hold(late.id, date)
    expect((await standinControl(`/orders/${orderId}/pay`)).ok).toBe(true)
    let pass: string | undefined
    for (let tries = 0; tries < 20 && !pass; tries++) {
      pass = (await callFunction(getBookingCall, { orderId })).booking.pass?.credential
      if (!pass) await new Promise((resolve) => setTimeout(resolve, 500))
    }
    expect(pass?.startsWith(PASS_PREFIX_V2)).toBe(true)
    // The door's device holds the published catalogue and the public keys.
    const catalogue = catalogueOf(await published())
    const keys = parsePassPublicKeys(
      process.env.VITE_PASS_PUBLIC_KEYS ?? 'dev1:ebRBfdb08ihv8JXY5WM-bFQKlf6bSNcAAmodkVVdUSE',
    )
    expect(
      await passVerifier(keys as PassPublicKeys).verify(catalogue, pass!, { eventId: late.id, date }),
    ).toMatchObject({
      ok: true,
      pass: { eventId: late.id, date, orderId },
    })
  }, 90_000)
})

describe('the snapshot’s size', () => {
  it('refuses a publish past what one Firestore document holds, with a message, and changes nothing', async () => {
    const before = (await adminDb().doc('catalogue/published').get()).data() as PublishedCatalogue
    const { shortId: _link, ...template } = before.events[0]!
    // 1,100 events on sale in a city off the selector: over 900 KB, near Firestore’s 1 MiB.
    const full = {
      ...before,
      version: before.version + 1,
      events: [
        ...before.events,
        ...Array.from({ length: 1_100 }, (_, i) => ({
          ...template,
          id: `full-${suffix}-${i}`,
          city: 'gone',
          passCode: 10_000 + i,
        })),
      ],
    }
    await adminDb().doc('catalogue/published').set(full)
    await adminDb().doc('catalogue/version').set({ version: full.version, published_at: full.publishedAt })
    try {
      const event = await savedByAdmin(draft('heavy'))
      const refused = await failure(callAnything(publishCatalogueEventCall, await savedCopy(event.id)))
      expect([refused.code, refused.message]).toEqual(['functions/resource-exhausted', CATALOGUE_MESSAGES.tooLarge])
      expect(((await adminDb().doc('catalogue/published').get()).data() as PublishedCatalogue).version).toBe(
        full.version,
      )
    } finally {
      const version = full.version + 1
      await adminDb()
        .doc('catalogue/published')
        .set({ ...before, version })
      await adminDb().doc('catalogue/version').set({ version, published_at: before.publishedAt })
    }
  }, 60_000)
})

describe('an address is one event’s for good', () => {
  it('refuses a new event at another event’s older link, or at the editor’s own address', async () => {
    await asAdmin()
    const taken = await failure(
      callAnything(saveCatalogueEventCall, { event: draft('x', { id: 'first-hello' }), isNew: true }),
    )
    expect([taken.code, taken.message]).toEqual(['functions/already-exists', `id: ${CATALOGUE_MESSAGES.slugTaken}`])
    const reserved = await failure(
      callAnything(saveCatalogueEventCall, { event: draft('x', { id: 'new' }), isNew: true }),
    )
    expect([reserved.code, reserved.message]).toEqual([
      'functions/invalid-argument',
      `id: ${CATALOGUE_MESSAGES.reservedSlug}`,
    ])
    const redirect = await fetch(`${APP}/events/first-hello`, { redirect: 'manual' })
    expect([redirect.status, redirect.headers.get('location')]).toEqual([301, '/events/first-hello-stranger-meetup'])
  })
})

describe('not live means not for sale', () => {
  it('refuses a seat and a place in line for an event of a city listed as coming, or switched off', async () => {
    const soon = { ...CITY, id: `soon-${suffix}`, name: 'Soonpur', live: false }
    const event = draft('soon', { city: soon.id })
    await asAdmin()
    await callFunction(saveCatalogueCityCall, { city: soon })
    await publishNew(event)
    await signOutMember()
    await bookingMember()
    const date = availableDates(event)[1]!
    const refused = await failure(hold(event.id, date))
    expect([refused.code, refused.message]).toEqual(['functions/failed-precondition', CATALOGUE_NOT_ON_SALE])
    const line = await failure(callAnything(joinWaitlistCall, { eventId: event.id, eventDate: date }))
    expect([line.code, line.message]).toEqual(['functions/failed-precondition', CATALOGUE_NOT_ON_SALE])
    // Switched off altogether: still not for sale.
    await signOutMember()
    await asAdmin()
    await callFunction(saveCatalogueCityCall, { city: { ...soon, status: 'archived' } })
    await signOutMember()
    await bookingMember()
    expect((await failure(hold(event.id, date))).code).not.toBe('functions/ok')
    expect((await adminDb().collection('bookings').where('event_id', '==', event.id).get()).size).toBe(0)
  })
})
const CATALOGUE_NOT_ON_SALE = 'This event is no longer on sale.'

describe('a waitlist of a city switched off for a while', () => {
  it('keeps its places and offers none; live again, the first in line is offered the seat', async () => {
    const pause = { ...CITY, id: `pause-${suffix}`, name: 'Pausepur' }
    const event = draft('paused', { city: pause.id, capacity: 1 })
    await asAdmin()
    await callFunction(saveCatalogueCityCall, { city: pause })
    await publishNew(event)
    await signOutMember()
    const date = availableDates(event)[1]!
    // One member holds the only seat; another joins the line.
    await heldByNewMember(event.id, date)
    await bookingMember()
    await callFunction(joinWaitlistCall, { eventId: event.id, eventDate: date })
    await signOutMember()
    const place = async () =>
      (await adminDb().collection('waitlist').where('event_id', '==', event.id).get()).docs.map((doc) =>
        doc.get('status'),
      )
    expect(await place()).toEqual(['waiting'])
    // The city is listed as coming for a while, and the seat frees (the hold runs out).
    await asAdmin()
    await callFunction(saveCatalogueCityCall, { city: { ...pause, live: false } })
    await signOutMember()
    await runStackJob('sweepExpiredHolds', { at: new Date(Date.now() + 20 * 60_000) })
    expect(await place()).toEqual(['waiting'])
    // Live again: the sweep offers the seat to the member in line.
    await asAdmin()
    await callFunction(saveCatalogueCityCall, { city: pause })
    await signOutMember()
    await runStackJob('sweepExpiredHolds', { at: new Date(Date.now() + 21 * 60_000) })
    expect(await place()).toEqual(['offered'])
  }, 90_000)
})

describe('rights follow the account', () => {
  it('refuses a host whose city was taken away, with the token they still hold', async () => {
    const mine = await savedByAdmin(draft('mine'))
    await signOutMember()
    const host = await signedInWith({ host_cities: [CITY.id] })
    // The city is taken away (grant-role --revoke without ending the session): the token still names it.
    await setClaims(host.uid, {})
    const refused = await failure(
      callAnything(saveCatalogueEventCall, { event: { ...mine, groupSize: 'x' }, isNew: false }),
    )
    expect(refused.code).toBe('functions/permission-denied')
    expect((await adminDb().doc(`catalogue_events/${mine.id}`).get()).get('groupSize')).toBe(mine.groupSize)
  })

  it('refuses a host a publish or an archive that would take a live event out of a city they do not host', async () => {
    const other = { ...CITY, id: `move-${suffix}`, name: 'Movepur' }
    const moving = draft('moving')
    await asAdmin()
    await callFunction(saveCatalogueCityCall, { city: other })
    await publishNew(moving)
    // An admin saves it into the other city, and leaves the publish to that city's host.
    await callFunction(saveCatalogueEventCall, { event: { ...moving, city: other.id }, isNew: false })
    await signOutMember()
    await signedInWith({ host_cities: [other.id] })
    for (const call of [
      async () => callAnything(publishCatalogueEventCall, await savedCopy(moving.id)),
      () => callAnything(archiveCatalogueEventCall, { id: moving.id }),
    ]) {
      const refused = await failure(call())
      expect([refused.code, refused.message]).toEqual(['functions/permission-denied', CATALOGUE_MESSAGES.notYourCity])
    }
    expect((await liveCopy(moving.id))?.city).toBe(CITY.id)
    await signOutMember()
    // A host of both cities may.
    await signedInWith({ host_cities: [CITY.id, other.id] })
    await publishSaved(moving.id)
    expect((await liveCopy(moving.id))?.city).toBe(other.id)
  }, 60_000)
})

describe('limits per account and day', () => {
  it(`refuses a host's new event past ${NEW_EVENTS_PER_DAY} a day and cover past ${COVER_UPLOADS_PER_DAY}, with a message`, async () => {
    await signedInWith({ host_cities: [CITY.id] })
    for (let i = 0; i < NEW_EVENTS_PER_DAY; i++)
      await callFunction(saveCatalogueEventCall, { event: draft(`many-${i}`), isNew: true })
    const eleventh = await failure(callAnything(saveCatalogueEventCall, { event: draft('one-too-many'), isNew: true }))
    expect([eleventh.code, eleventh.message]).toEqual([
      'functions/resource-exhausted',
      CATALOGUE_MESSAGES.tooManyNewEvents,
    ])
    expect((await adminDb().doc(`catalogue_events/one-too-many-${suffix}`).get()).exists).toBe(false)
    const tiny = (
      await sharp({ create: { width: 32, height: 18, channels: 3, background: '#336699' } })
        .png()
        .toBuffer()
    ).toString('base64')
    for (let i = 0; i < COVER_UPLOADS_PER_DAY; i++)
      await callFunction(uploadEventCoverCall, { id: `many-0-${suffix}`, data: tiny })
    const over = await failure(callAnything(uploadEventCoverCall, { id: `many-0-${suffix}`, data: tiny }))
    expect([over.code, over.message]).toEqual(['functions/resource-exhausted', CATALOGUE_MESSAGES.tooManyCovers])
  }, 120_000)

  it(`refuses a host's publish or archive past ${PUBLISHES_PER_DAY} a day, with a message`, async () => {
    const often = await savedByAdmin(draft('often'))
    await signOutMember()
    await signedInWith({ host_cities: [CITY.id] })
    // A publish refused (a copy saved over since) is not counted.
    const stale = await failure(
      callAnything(publishCatalogueEventCall, { id: often.id, savedAt: new Date(0).toISOString() }),
    )
    expect(stale.message).toBe(CATALOGUE_MESSAGES.changedSince)
    for (let i = 0; i < PUBLISHES_PER_DAY; i++) await publishSaved(often.id)
    const version = (await published()).version
    // One after the other: a call started before the previous answer is awaited could be refused
    // with nothing yet listening for it (an unhandled rejection).
    for (const call of [
      async () => callAnything(publishCatalogueEventCall, await savedCopy(often.id)),
      () => callAnything(archiveCatalogueEventCall, { id: often.id }),
    ]) {
      const over = await failure(call())
      expect([over.code, over.message]).toEqual(['functions/resource-exhausted', CATALOGUE_MESSAGES.tooManyPublishes])
    }
    expect([(await published()).version, (await liveCopy(often.id))?.status]).toEqual([version, 'published'])
  }, 120_000)
})

describe('publishes at once', () => {
  it('all end with an answer (published, or “try again” for one that lost every race), never a 500, and none is lost', async () => {
    await asAdmin()
    const events = Array.from({ length: 6 }, (_, i) => draft(`race-${i}`))
    for (const event of events) await saveNew(event)
    const before = (await published()).version
    const answers = await Promise.allSettled([...events, ...events.slice(0, 2)].map((event) => publishSaved(event.id)))
    for (const answer of answers) {
      if (answer.status === 'rejected')
        expect([answer.reason.code, answer.reason.message]).toEqual(['functions/aborted', CATALOGUE_MESSAGES.busy])
    }
    const won = answers.filter((answer) => answer.status === 'fulfilled').map((answer) => answer.value.version)
    expect(new Set(won).size).toBe(won.length)
    const catalogue = await published()
    expect(catalogue.version).toBe(before + won.length)
    // Every event whose publish answered is live; a retry publishes the one that said "try again".
    for (const event of events) {
      if (!(await liveCopy(event.id))) await publishSaved(event.id)
      expect((await liveCopy(event.id))?.status, event.id).toBe('published')
    }
  }, 90_000)
})

describe('a save in flight', () => {
  it('is never overwritten by a publish that read the record before it', async () => {
    await asAdmin()
    const event = draft('inflight')
    const { savedAt } = await savedCopy((await publishNew(event)).event.id)
    const db = adminDb()
    // The service runs in this process (it reads the published catalogue itself).
    const held = gate()
    // The publish stops after its transaction has read the record, before it writes.
    const publishing = publishEvent(
      { firestore: heldAfterFirstRead(db, held.wait), isCoverUrl: () => true },
      { command: 'test', roles: { admin: true, hostCities: [] } },
      { id: event.id, savedAt },
    )
    await held.reached
    // Meanwhile a host saves a new price.
    await callFunction(saveCatalogueEventCall, {
      event: { ...event, prices: { girls: 555, boys: 1299 } },
      isNew: false,
    })
    held.open()
    await publishing
    const record = (await db.doc(`catalogue_events/${event.id}`).get()).data()
    expect(record?.prices.girls).toBe(555)
    const listed = (await callFunction(listCatalogueCall, {})).events.find((e) => e.id === event.id)
    // What the publish read is what went live; the save waits for its own publish, and says so.
    expect([listed?.status, listed?.unpublishedChanges, (await liveCopy(event.id))?.prices.girls]).toEqual([
      'published',
      true,
      899,
    ])
  }, 60_000)
})

describe('a cover nobody saved', () => {
  it('is deleted (both files) a day after its upload; the cover an event uses stays', async () => {
    const event = await savedByAdmin(draft('covered'))
    const png = (
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#aa5500' } })
        .png()
        .toBuffer()
    ).toString('base64')
    const { image: unused } = await callFunction(uploadEventCoverCall, { id: event.id, data: png })
    const { image: used } = await callFunction(uploadEventCoverCall, { id: event.id, data: png })
    await callFunction(saveCatalogueEventCall, { event: { ...event, image: used }, isNew: false })
    const preview = (url: string) => url.replace('-960.webp', '-1200x630.jpg')
    for (const url of [unused, preview(unused), used, preview(used)]) expect((await fetch(url)).status, url).toBe(200)
    // An hour later nothing goes; a day and an hour later, what nothing uses.
    await runStackJob('sweepCovers', { at: new Date(Date.now() + 3_600_000) })
    expect((await fetch(unused)).status).toBe(200)
    await runStackJob('sweepCovers', { at: new Date(Date.now() + 25 * 3_600_000) })
    for (const url of [unused, preview(unused)]) expect((await fetch(url)).status, url).toBe(404)
    for (const url of [used, preview(used)]) expect((await fetch(url)).status, url).toBe(200)
  }, 60_000)
})

describe('a record saved before a rule grew stricter', () => {
  it('stays listed and editable; its publish names the field to change, and once changed it publishes', async () => {
    const old = await savedByAdmin(draft('old-rules'))
    // As stored before direction overrides were refused.
    await adminDb().doc(`catalogue_events/${old.id}`).update({ title: `Brunch \u202egnp.exe` })
    const listed = (await callFunction(listCatalogueCall, {})).events.find((event) => event.id === old.id)
    expect(listed?.title).toBe(`Brunch \u202egnp.exe`)
    const refused = await failure(callAnything(publishCatalogueEventCall, await savedCopy(old.id)))
    expect([refused.code, refused.message]).toEqual([
      'functions/invalid-argument',
      `title: ${CATALOGUE_MESSAGES.controlCharacters}`,
    ])
    expect(await liveCopy(old.id)).toBeUndefined()
    await callFunction(saveCatalogueEventCall, { event: { ...old, title: 'Brunch again' }, isNew: false })
    await publishSaved(old.id)
    expect((await liveCopy(old.id))?.title).toBe('Brunch again')
  }, 60_000)
})

describe('a cover uploaded for one event', () => {
  it('is refused on another: a host cannot borrow a cover they may not edit', async () => {
    await asAdmin()
    const [theirs, mine] = [draft('their-cover'), draft('my-cover')]
    for (const event of [theirs, mine]) await saveNew(event)
    const png = (
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#5500aa' } })
        .png()
        .toBuffer()
    ).toString('base64')
    const { image } = await callFunction(uploadEventCoverCall, { id: theirs.id, data: png })
    const refused = await failure(callAnything(saveCatalogueEventCall, { event: { ...mine, image }, isNew: false }))
    expect([refused.code, refused.message]).toEqual([
      'functions/invalid-argument',
      `image: ${CATALOGUE_MESSAGES.coverUpload}`,
    ])
    expect(
      (await callFunction(saveCatalogueEventCall, { event: { ...theirs, image }, isNew: false })).event.image,
    ).toBe(image)
  }, 60_000)
})

describe('what a host sees and does after a report', () => {
  it('shows a host only the earlier reports of their own cities', async () => {
    const uid = `reported-${suffix}`
    const report = (city: string, n: number) =>
      adminDb()
        .doc(`reports/r-${suffix}-${city}-${n}`)
        .set({
          night: `n-${n}`,
          event_id: 'first-hello-stranger-meetup',
          event_date: '2026-11-21',
          city,
          reported_uid: uid,
          reported_name: 'Ravi',
          reason: 'other',
          text: `In ${city}`,
          at: Date.now() - n * 1000,
          status: 'open',
        })
    await Promise.all([report('bangalore', 1), report('bangalore', 2), report(CITY.id, 3)])
    await signedInHost()
    const { reports } = await callFunction(listReportsCall, {})
    const mine = reports.filter((entry) => entry.member.uid === uid)
    expect(mine.map((entry) => entry.city)).toEqual(['bangalore', 'bangalore'])
    for (const entry of mine) {
      expect(entry.earlier.map((earlier) => earlier.reportId)).not.toContain(`r-${suffix}-${CITY.id}-3`)
      expect(entry.earlier).toHaveLength(1)
    }
  })

  it('never lets a host lower a standing another host set: a ban stays a ban', async () => {
    const date = bookableDates(seedCatalogue().events[0]! as unknown as YaariEvent)[4]!
    const { member: guest } = await paidBooking('first-hello-stranger-meetup', date)
    const request = {
      eventId: 'first-hello-stranger-meetup',
      eventDate: date,
      uid: guest.uid,
      reason: 'Harassed a guest',
    }
    await signedInHost()
    await callFunction(moderateMemberCall, { ...request, action: 'ban' })
    await signOutMember()
    await signedInHost()
    for (const lower of [
      { action: 'warn' as const },
      { action: 'suspend' as const, until: bookableDates(seedCatalogue().events[0]! as unknown as YaariEvent)[6]! },
    ]) {
      const refused = await failure(callAnything(moderateMemberCall, { ...request, ...lower, reason: 'Friendly now' }))
      expect([refused.code, refused.message]).toEqual(['functions/permission-denied', HOST_MESSAGES.lowerStanding])
    }
    expect((await adminDb().doc(`moderation/${guest.uid}`).get()).get('level')).toBe('banned')
    // An admin may.
    await signOutMember()
    await asAdmin()
    expect(await callFunction(moderateMemberCall, { ...request, action: 'warn', reason: 'Reviewed' })).toMatchObject({
      level: 'warning',
      changed: true,
    })
  }, 60_000)

  it.each([
    { before: 'none', step: 'warn' as const },
    { before: 'a warning another host gave', step: 'suspend' as const },
  ])(
    'never lets a host’s step, decided on the standing before ($before), replace a ban an admin set meanwhile',
    async ({ before, step }) => {
      const date = bookableDates(seedCatalogue().events[0]! as unknown as YaariEvent)[4]!
      const { member: guest } = await paidBooking('first-hello-stranger-meetup', date)
      const request = { eventId: 'first-hello-stranger-meetup', eventDate: date, uid: guest.uid }
      if (before !== 'none') {
        await signedInHost()
        await callFunction(moderateMemberCall, { ...request, action: 'warn', reason: 'Late' })
        await signOutMember()
      }
      const host = await signedInHost()
      await signOutMember()
      const held = gate()
      // The host's step (the service, in this process) stops once it has read the member's standing.
      const stepping = moderateMember(
        { firestore: heldAfterStandingRead(adminDb(), held.wait), auth: getAuth(), catalogue: SEED },
        { uid: host.uid, email: host.email ?? undefined, roles: { admin: false, hostCities: ['bangalore'] } },
        { ...request, action: step, reason: 'Late again', ...(step === 'suspend' ? { until: date } : {}) },
      )
      await held.reached
      // Meanwhile an admin bans the member.
      await asAdmin()
      await callFunction(moderateMemberCall, { ...request, action: 'ban', reason: 'Harassed a guest' })
      held.open()
      // The step reads the standing again, finds the admin's ban and is refused, as a host is on any standing an admin set.
      const refused = await rejection(stepping)
      expect([refused.code, refused.message]).toEqual(['permission-denied', HOST_MESSAGES.adminStanding])
      expect((await adminDb().doc(`moderation/${guest.uid}`).get()).data()).toMatchObject({
        level: 'banned',
        by_admin: true,
      })
    },
    60_000,
  )
})

/** `db`, whose first read of a member's standing (moderation/…) waits for `wait()` before it answers. */
function heldAfterStandingRead(db: Firestore, wait: () => Promise<void>): Firestore {
  let held = false
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'doc') return Reflect.get(target, property, receiver)
      return (path: string) => {
        const ref = target.doc(path)
        if (held || !path.startsWith('moderation/')) return ref
        return new Proxy(ref, {
          get(doc, name, docReceiver) {
            if (name !== 'get') return Reflect.get(doc, name, docReceiver)
            return async () => {
              const read = await doc.get()
              if (!held) {
                held = true
                await wait()
              }
              return read
            }
          },
        })
      }
    },
  })
}

/**
 * `db`, but the first transaction stops after it has read the event records until `wait`
 * resolves: a publish held between what it read and what it writes.
 */
function heldAfterFirstRead(db: Firestore, wait: () => Promise<void>): Firestore {
  let held = false
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'runTransaction') return Reflect.get(target, property, receiver)
      return (update: (transaction: FirebaseFirestore.Transaction) => Promise<unknown>, options?: object) =>
        target.runTransaction(
          (transaction) =>
            update(
              new Proxy(transaction, {
                get(tx, name, txReceiver) {
                  if (name !== 'get') return Reflect.get(tx, name, txReceiver)
                  return async (...args: unknown[]) => {
                    const read = await (tx.get as (...a: unknown[]) => Promise<unknown>).apply(tx, args)
                    const path = String((args[0] as { path?: string } | undefined)?.path ?? '')
                    if (!held && path.startsWith('catalogue_events')) {
                      held = true
                      await wait()
                    }
                    return read
                  }
                },
              }),
            ),
          options,
        )
    },
  })
}
