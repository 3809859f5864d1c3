/**
 * The catalogue editor on the running stack, through the Firebase web SDK as the console calls it:
 * who is refused (a visitor, a member, another city's host; cities are the admins'), what bad
 * input gets, what a cover upload accepts, that members see a published event at once
 * (/catalogue.json and the functions), that a booking pays the catalogue's price whatever the
 * client sends and keeps it when the price changes, and that an edit cannot drop a booked date.
 */
import { createBookingCall } from '@yaari/domain/booking'
import { VALID_ATTENDEE } from '@yaari/domain/booking.fixture'
import type { PublishedCatalogue } from '@yaari/domain/catalogue'
import type { EventDraft } from '@yaari/domain/catalogue-editor'
import * as editor from '@yaari/domain/catalogue-editor'
import { CATALOGUE_MESSAGES, seedCatalogue } from '@yaari/domain/catalogue-records'
import { HOST_MESSAGES } from '@yaari/domain/host'
import { saveProfileCall } from '@yaari/domain/profile'
import { availableDates } from '@yaari/domain/schedule'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { stackPorts, standinControl } from '../../dev/lib/config.mjs'
import { callFunction } from '../../src/lib/firebase'
import { publishSaved, savedCopy } from './catalogue-fixtures'
import * as stack from './helpers'
import { signOutMember } from './helpers'

afterEach(signOutMember)

const APP = `http://127.0.0.1:${stackPorts().app}`
const suffix = Date.now().toString(36)
const CITY = {
  id: `testcity-${suffix}`,
  name: 'Testpur',
  timeZone: 'Asia/Kolkata',
  live: true,
  status: 'published',
} as const
const firstHello = seedCatalogue().events[0]!
const { status: _status, shortId: _short, rating: _rating, ...base } = firstHello
const brunch: EventDraft = {
  ...base,
  id: `brunch-${suffix}`,
  city: CITY.id,
  title: 'Testpur Sunday Brunch',
  kind: 'Sunday Brunch',
  prices: { girls: 899, boys: 1499 },
  capacity: 8,
  startTime: '11:00',
  schedule: { weekdays: [0], dates: [], skipped: [], monthsAhead: 2 },
  featured: false,
}

const published = async (): Promise<PublishedCatalogue> => (await fetch(`${APP}/catalogue.json`)).json()
const asAdmin = () => stack.signedInWith({ admin: true })

async function png(width: number, height: number) {
  return (
    await sharp({ create: { width, height, channels: 3, background: '#c0562b' } })
      .png()
      .toBuffer()
  ).toString('base64')
}

beforeAll(async () => {
  await asAdmin()
  await callFunction(editor.saveCatalogueCityCall, { city: CITY })
  await callFunction(editor.saveCatalogueEventCall, { event: brunch, isNew: true })
  await signOutMember()
}, 60_000)

describe('who may edit the catalogue', () => {
  const requests = {
    listCatalogue: {},
    saveCatalogueEvent: { event: brunch, isNew: false },
    publishCatalogueEvent: { id: brunch.id, savedAt: new Date().toISOString() },
    archiveCatalogueEvent: { id: brunch.id },
    saveCatalogueCity: { city: { ...CITY, name: 'Renamed' } },
    uploadEventCover: { id: brunch.id, data: 'iVBORw0KGgo=' },
  } as Record<string, unknown>

  it('refuses a visitor and a member every catalogue callable, and changes nothing', async () => {
    const before = JSON.stringify(await published())
    for (const contract of editor.CATALOGUE_CALLABLES) {
      const refused = await stack.failure(stack.callAnything(contract, requests[contract.name]))
      expect([refused.code, contract.name]).toEqual(['functions/unauthenticated', contract.name])
    }
    await stack.signUpFreshMember()
    for (const contract of editor.CATALOGUE_CALLABLES) {
      const refused = await stack.failure(stack.callAnything(contract, requests[contract.name]))
      expect([refused.code, refused.message, contract.name]).toEqual([
        'functions/permission-denied',
        HOST_MESSAGES.hostsOnly,
        contract.name,
      ])
    }
    expect(JSON.stringify(await published())).toBe(before)
  })

  it('refuses a Bangalore host another city’s event and every city, and lists only Bangalore’s events', async () => {
    await stack.signedInWith({ host_cities: ['bangalore'] })
    for (const contract of editor.CATALOGUE_CALLABLES.filter((c) => c.name !== 'listCatalogue')) {
      const refused = await stack.failure(stack.callAnything(contract, requests[contract.name]))
      expect([refused.code, refused.message, contract.name]).toEqual([
        'functions/permission-denied',
        contract.name === 'saveCatalogueCity' ? HOST_MESSAGES.adminsOnly : CATALOGUE_MESSAGES.notYourCity,
        contract.name,
      ])
    }
    // Nor may they move the event into Bangalore, or take a Bangalore event's address for it.
    const moved = await stack.failure(
      stack.callAnything(editor.saveCatalogueEventCall, { event: { ...brunch, city: 'bangalore' }, isNew: false }),
    )
    expect(moved.message).toBe(CATALOGUE_MESSAGES.notYourCity)
    const { events } = await callFunction(editor.listCatalogueCall, {})
    expect(events.map((event) => event.city)).not.toContain(CITY.id)
    expect(events.map((event) => event.id)).toContain('first-hello-stranger-meetup')
    expect((await published()).events.find((event) => event.id === brunch.id)).toBeUndefined()
  })

  it('answers the editor one event by its id: none of another city, none for "new", a malformed id refused', async () => {
    await stack.signedInWith({ host_cities: ['bangalore'] })
    const other = await callFunction(editor.listCatalogueCall, { id: brunch.id })
    expect(other.events).toEqual([])
    expect(other.cities.map((city) => city.id)).toContain('bangalore')
    const own = await callFunction(editor.listCatalogueCall, { id: 'first-hello-stranger-meetup' })
    expect(own.events.map((event) => event.id)).toEqual(['first-hello-stranger-meetup'])
    expect((await callFunction(editor.listCatalogueCall, { id: 'new' })).events).toEqual([])
    const bad = await stack.failure(stack.callAnything(editor.listCatalogueCall, { id: '../Brunch' }))
    expect(bad.code).toBe('functions/invalid-argument')
    await stack.signedInWith({ host_cities: [CITY.id] })
    const mine = await callFunction(editor.listCatalogueCall, { id: brunch.id })
    expect(mine.events.map((event) => [event.id, event.city])).toEqual([[brunch.id, CITY.id]])
  })

  it('lets the city’s own host edit it', async () => {
    await stack.signedInWith({ host_cities: [CITY.id] })
    const { event } = await callFunction(editor.saveCatalogueEventCall, {
      event: { ...brunch, groupSize: '6-8 guests' },
      isNew: false,
    })
    expect([event.groupSize, event.status, event.unpublishedChanges]).toEqual(['6-8 guests', 'draft', true])
    await callFunction(editor.saveCatalogueEventCall, { event: brunch, isNew: false })
  })
})

describe('what the editor refuses', () => {
  it('answers each bad field with its message and keeps the record as it was', async () => {
    await asAdmin()
    const cases: [Partial<EventDraft>, string][] = [
      [{ prices: { girls: 0, boys: 1499 } }, CATALOGUE_MESSAGES.price],
      [{ prices: { girls: 899, boys: 25_000 } }, CATALOGUE_MESSAGES.price],
      [{ capacity: 61 }, CATALOGUE_MESSAGES.capacity],
      [{ startTime: '7pm' }, CATALOGUE_MESSAGES.time],
      [{ description: 'x'.repeat(601) }, 'The description is at most 600 characters.'],
      [{ image: 'https://evil.example/cover.jpg' }, CATALOGUE_MESSAGES.coverUpload],
      // Protocol-relative: another site's picture all the same.
      [{ image: '//evil.example/x.png' }, CATALOGUE_MESSAGES.cover],
      // A bare carriage return would end a line of a member's calendar entry.
      [{ title: 'Brunch\rBEGIN:VALARM' }, CATALOGUE_MESSAGES.controlCharacters],
      [{ venueArea: 'Bandra\r\nWest' }, CATALOGUE_MESSAGES.controlCharacters],
      [{ city: 'atlantis' }, CATALOGUE_MESSAGES.cityUnknown],
    ]
    for (const [change, message] of cases) {
      const refused = await stack.failure(
        stack.callAnything(editor.saveCatalogueEventCall, { event: { ...brunch, ...change }, isNew: false }),
      )
      expect([refused.code, refused.message]).toEqual(['functions/invalid-argument', expect.stringContaining(message)])
    }
    const taken = await stack.failure(
      stack.callAnything(editor.saveCatalogueEventCall, { event: { ...brunch, id: firstHello.id }, isNew: true }),
    )
    expect([taken.code, taken.message]).toEqual(['functions/already-exists', `id: ${CATALOGUE_MESSAGES.slugTaken}`])
    const stored = (await stack.adminDb().collection('catalogue_events').doc(brunch.id).get()).data()
    expect([stored?.prices, stored?.capacity, stored?.city]).toEqual([brunch.prices, 8, CITY.id])
    expect((await stack.adminDb().collection('catalogue_events').doc(firstHello.id).get()).get('title')).toBe(
      firstHello.title,
    )
    // A draft may wait for its cover; publishing may not.
    const bare = { ...brunch, id: `no-cover-${suffix}`, image: '' }
    expect((await callFunction(editor.saveCatalogueEventCall, { event: bare, isNew: true })).event.status).toBe('draft')
    const unpublished = await stack.failure(
      stack.callAnything(editor.publishCatalogueEventCall, await savedCopy(bare.id)),
    )
    expect([unpublished.code, unpublished.message]).toEqual([
      'functions/invalid-argument',
      `image: ${CATALOGUE_MESSAGES.cover}`,
    ])
  })

  it('refuses an SVG, an HTML file named .jpg and a 10 MB image as a cover; re-encodes a photo as WebP', async () => {
    await asAdmin()
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    )
    const html = Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>')
    for (const bytes of [svg, html]) {
      const refused = await stack.failure(
        stack.callAnything(editor.uploadEventCoverCall, { id: brunch.id, data: bytes.toString('base64') }),
      )
      expect([refused.code, refused.message]).toEqual(['functions/invalid-argument', CATALOGUE_MESSAGES.coverType])
    }
    const huge = Buffer.alloc(10 * 1024 * 1024, 7).toString('base64')
    const tooBig = await stack.failure(stack.callAnything(editor.uploadEventCoverCall, { id: brunch.id, data: huge }))
    expect([tooBig.code, tooBig.message]).toEqual([
      'functions/invalid-argument',
      `data: ${CATALOGUE_MESSAGES.coverSize}`,
    ])

    const { image } = await callFunction(editor.uploadEventCoverCall, { id: brunch.id, data: await png(1600, 1000) })
    const stored = Buffer.from(await (await fetch(image)).arrayBuffer())
    expect(stored.subarray(0, 4).toString()).toBe('RIFF')
    expect(stored.subarray(8, 12).toString()).toBe('WEBP')
    const meta = await sharp(stored).metadata()
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 960, 540, undefined])
    await callFunction(editor.saveCatalogueEventCall, { event: { ...brunch, image }, isNew: false })
    brunch.image = image
  })
})

describe('publishing', () => {
  it('shows a published event to members at once, charges its price whatever is sent, and keeps a sold price', async () => {
    await asAdmin()
    const first = await publishSaved(brunch.id)
    expect(first.event).toMatchObject({ status: 'published', unpublishedChanges: false })
    const live = (await published()).events.find((event) => event.id === brunch.id)
    expect(live).toMatchObject({ prices: { girls: 899, boys: 1499 }, city: CITY.id, status: 'published' })
    expect((await published()).version).toBe(first.version)

    const date = availableDates(brunch)[1]!
    const book = async () => {
      await stack.signUpFreshMember()
      await callFunction(saveProfileCall, stack.VALID_PROFILE)
      // The client says ₹1: never charged.
      return stack.callAnything(createBookingCall, {
        eventId: brunch.id,
        eventDate: date,
        tier: 'girls',
        amount: 1,
        userProfile: { ...VALID_ATTENDEE, profession: 'software_engineer' },
      })
    }
    const booking = async (orderId: string) => (await stack.adminDb().collection('bookings').doc(orderId).get()).data()
    const sold = await book()
    expect(await booking(sold.order_id)).toMatchObject({ amount: 899, catalogue_version: first.version })
    expect((await standinControl(`/orders/${sold.order_id}/pay`)).ok).toBe(true)
    await signOutMember()

    await asAdmin()
    await callFunction(editor.saveCatalogueEventCall, {
      event: { ...brunch, prices: { girls: 999, boys: 1499 } },
      isNew: false,
    })
    // Saved, not yet published: members still pay ₹899.
    expect((await published()).events.find((event) => event.id === brunch.id)?.prices.girls).toBe(899)
    const raised = await publishSaved(brunch.id)
    expect(raised.version).toBeGreaterThan(first.version)
    await signOutMember()

    const later = await book()
    expect(await booking(later.order_id)).toMatchObject({ amount: 999, catalogue_version: raised.version })
    expect(await booking(sold.order_id)).toMatchObject({ amount: 899, catalogue_version: first.version })

    // An edit that drops the booked date is refused and names the way that refunds its guests.
    await signOutMember()
    await asAdmin()
    await callFunction(editor.saveCatalogueEventCall, {
      event: { ...brunch, prices: { girls: 999, boys: 1499 }, schedule: { ...brunch.schedule, skipped: [date] } },
      isNew: false,
    })
    const dropped = await stack.failure(
      stack.callAnything(editor.publishCatalogueEventCall, await savedCopy(brunch.id)),
    )
    expect([dropped.code, dropped.message]).toEqual([
      'functions/failed-precondition',
      expect.stringContaining(`These dates have bookings and cannot be removed by an edit: ${date}.`),
    ])
    expect((await published()).version).toBe(raised.version)
  }, 90_000)

  it('archives an event: off the listing and not for sale, its page and tickets still readable', async () => {
    await asAdmin()
    const { version } = await callFunction(editor.archiveCatalogueEventCall, { id: brunch.id })
    const catalogue = await published()
    expect(catalogue.version).toBe(version)
    expect(catalogue.events.find((event) => event.id === brunch.id)?.status).toBe('archived')
    await signOutMember()
    await stack.signUpFreshMember()
    await callFunction(saveProfileCall, stack.VALID_PROFILE)
    const refused = await stack.failure(
      stack.callAnything(createBookingCall, {
        eventId: brunch.id,
        eventDate: availableDates(brunch)[2]!,
        tier: 'girls',
        userProfile: { ...VALID_ATTENDEE },
      }),
    )
    expect([refused.code, refused.message]).toEqual([
      'functions/failed-precondition',
      'This event is no longer on sale.',
    ])
  })

  it('audits every change with what changed', async () => {
    const lines = (await stack.adminDb().collection('audit_log').where('event_id', '==', brunch.id).get()).docs.map(
      (doc) => doc.data(),
    )
    const actions = lines.map((line) => line.action)
    for (const action of ['save-event', 'publish-event', 'archive-event']) expect(actions).toContain(action)
    const priceChange = lines.find((line) => line.action === 'save-event' && line.change?.prices?.from)
    expect(priceChange?.change.prices).toEqual({ from: { girls: 899, boys: 1499 }, to: { girls: 999, boys: 1499 } })
    expect(lines.every((line) => line.city === CITY.id)).toBe(true)
  })
})
