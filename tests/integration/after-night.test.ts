/**
 * After the night, through the public API on the running stack: guests checked in at the door are
 * asked by the morning-after job (run as the scheduler runs it, as of the morning after), rate the
 * evening, pick, connect, block and report; hosts mark who came where the door was not used, see
 * the evening and resolve reports. Each refusal is tried as the person it refuses: a member who
 * did not come, a member of another date, a pick of oneself or of a blocked member, a pick after
 * the window, a report flood, a host of another city.
 */
import { randomUUID } from 'node:crypto'
import { deleteMyAccountCall, exportMyDataCall } from '@yaari/domain/account'
import {
  AFTER_MESSAGES,
  blockGuestCall,
  getAfterNightCall,
  listConnectionsCall,
  pickGuestCall,
  REPORTS_PER_DAY,
  removeConnectionCall,
  reportGuestCall,
  saveFeedbackCall,
  saveSharingCall,
} from '@yaari/domain/after-night'
import { morningAfter, windowCloses } from '@yaari/domain/after-night-rules'
import { SEED } from '@yaari/domain/catalogue-seed'
import { syncCheckInsCall } from '@yaari/domain/door'
import {
  getGuestListCall,
  HOST_MESSAGES,
  listReportsCall,
  markAttendanceCall,
  resolveReportCall,
} from '@yaari/domain/host'
import { listMyBookingsCall } from '@yaari/domain/my-bookings'
import type { DocumentData, Firestore } from 'firebase-admin/firestore'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runStackJob } from '../../dev/lib/scheduler.mjs'
import { clockAt } from '../../functions/src/lib/context'
import { guestKey } from '../../functions/src/services/after-night/nights'
import { blockGuest, pickGuest } from '../../functions/src/services/after-night/picks'
import { callFunction } from '../../src/lib/firebase'
import {
  adminDb,
  atTheNight,
  bookableDates,
  callAnything,
  emptyEveryDate,
  failure,
  type Guest,
  gate,
  guestWhoPaid,
  signedInWith,
  signInAs,
  signOutMember,
} from './helpers'

afterEach(signOutMember)
afterAll(emptyEveryDate)

const sunday = SEED.eventById('unplanned-sunday-social-mixup')!
// Another Sunday a week before this one (its window ends as this one's opens), and one a week after.
const [otherNight, night, markedNight] = [
  bookableDates(sunday)[2]!,
  bookableDates(sunday)[3]!,
  bookableDates(sunday)[4]!,
]

/** A member with an account and a profile, who paid for a seat of `date`; left signed out. */
const paidGuest = (name: string, date: string) => guestWhoPaid(sunday.id, date, name)

const as = signInAs
const hostOfBangalore = () => signedInWith({ host_cities: ['bangalore'] })

/** The host's door phone checks these guests in during the date's night (the stack's clock for that date). */
async function checkIn(date: string, guests: Guest[]) {
  await atTheNight(sunday.id, date)
  await hostOfBangalore()
  const ops = guests.map((guest) => ({
    id: randomUUID(),
    kind: 'in',
    orderId: guest.orderId,
    at: Date.now(),
    method: 'name',
  }))
  const answer = await callAnything(syncCheckInsCall, { eventId: sunday.id, eventDate: date, door: 'Front door', ops })
  expect(answer.refused).toEqual([])
  await signOutMember()
}

/** Runs the morning-after job as the scheduler would at `at`. */
const morningJob = (at: number) => runStackJob('morningAfter', { at: new Date(at) })

let a: Guest
let b: Guest
let c: Guest
let others: Guest[]
let noShow: Guest
let elsewhere: Guest

/** A guest's view of the evening, signed in as them. */
async function viewOf(guest: Guest) {
  await as(guest)
  return callFunction(getAfterNightCall, { orderId: guest.orderId })
}
const guestIdOf = async (viewer: Guest, name: string) =>
  (await viewOf(viewer)).guests.find((guest) => guest.firstName === name)!.guestId

beforeAll(async () => {
  await emptyEveryDate()
  a = await paidGuest('Asha Rao', night)
  b = await paidGuest('Bala Iyer', night)
  c = await paidGuest('Chitra Das', night)
  others = []
  for (const name of ['Dev', 'Esha', 'Farhan', 'Gauri', 'Hari']) others.push(await paidGuest(`${name} Menon`, night))
  noShow = await paidGuest('Nikhil Shah', night)
  elsewhere = await paidGuest('Ela Roy', otherNight)
  await checkIn(night, [a, b, c, ...others])
  await checkIn(otherNight, [elsewhere])
}, 180_000)

describe('the morning after', () => {
  it('asks no one before its morning; then each guest who came, once, by email and on their booking', async () => {
    await as(a)
    expect((await failure(callFunction(getAfterNightCall, { orderId: a.orderId }))).message).toBe(
      AFTER_MESSAGES.notOpenYet,
    )
    await signOutMember()
    // A minute before: only the guest of the Sunday before is asked.
    expect(await morningJob(morningAfter(night) - 60_000)).toMatchObject({ nights: 1, asked: 1 })
    expect((await adminDb().doc(`nights/${sunday.id}_${night}`).get()).exists).toBe(false)
    expect(await morningJob(morningAfter(night) + 60_000)).toMatchObject({ nights: 1, asked: 8 })
    // Again (the next run): nothing more.
    expect(await morningJob(morningAfter(night) + 16 * 60_000)).toMatchObject({ asked: 0 })
    const asked = async (guest: Guest) => (await adminDb().doc(`mail/${guest.orderId}_how-was`).get()).exists
    for (const guest of [a, b, c, ...others]) expect(await asked(guest), guest.name).toBe(true)
    expect(await asked(noShow)).toBe(false)
    await as(a)
    const { bookings } = await callFunction(listMyBookingsCall, {})
    expect(bookings.find((booking) => booking.orderId === a.orderId)?.afterNight).toEqual({
      open: true,
      closesAt: new Date(windowCloses(night)).toISOString(),
      connections: 0,
    })
  })

  it('refuses a member who paid but did not come, and a member of another date', async () => {
    await as(noShow)
    expect((await failure(callFunction(getAfterNightCall, { orderId: noShow.orderId }))).message).toBe(
      AFTER_MESSAGES.notAGuest,
    )
    // Someone else's booking is no one's: answered as if it did not exist.
    expect((await failure(callFunction(getAfterNightCall, { orderId: a.orderId }))).code).toBe('functions/not-found')

    await morningJob(morningAfter(otherNight) + 60_000)
    const mine = await viewOf(elsewhere)
    // Ela came to another Sunday: her list is hers, with no one of this night on it.
    expect(mine.guests).toEqual([])
    const bala = await guestIdOf(a, 'Bala')
    await as(elsewhere)
    const refused = await failure(
      callFunction(pickGuestCall, { orderId: elsewhere.orderId, guestId: bala, picked: true }),
    )
    expect(refused.message).toBe(AFTER_MESSAGES.unknownGuest)
  })

  it('takes one feedback per guest, editable, with the messages of the form', async () => {
    await as(a)
    const bad = await failure(callAnything(saveFeedbackCall, { orderId: a.orderId, rating: 6, comment: 'x' }))
    expect(bad.code).toBe('functions/invalid-argument')
    expect(bad.message).toContain(AFTER_MESSAGES.ratingRequired)
    const long = await failure(
      callAnything(saveFeedbackCall, { orderId: a.orderId, rating: 4, comment: 'x'.repeat(1001) }),
    )
    expect(long.message).toContain(AFTER_MESSAGES.commentTooLong)
    expect(await callFunction(saveFeedbackCall, { orderId: a.orderId, rating: 4, comment: 'Lovely people' })).toEqual({
      saved: true,
      changed: true,
    })
    await callFunction(saveFeedbackCall, {
      orderId: a.orderId,
      rating: 5,
      comment: 'Lovely people',
      improve: ['venue'],
    })
    await as(b)
    await callFunction(saveFeedbackCall, { orderId: b.orderId, rating: 4 })
    expect((await viewOf(a)).feedback).toEqual({ rating: 5, comment: 'Lovely people', improve: ['venue'] })
    expect((await adminDb().collection('feedback').where('user_id', '==', a.uid).get()).size).toBe(1)
  })

  it('A picks B and C, B picks A: A and B connect and see what each shares; C sees nothing of being picked', async () => {
    await as(a)
    await callFunction(saveSharingCall, { contactKind: 'instagram', contact: '@asha.rao', showPhoto: false })
    await as(b)
    await callFunction(saveSharingCall, { contactKind: 'instagram', contact: '@bala.iyer', showPhoto: false })
    const [bala, chitra] = [await guestIdOf(a, 'Bala'), await guestIdOf(a, 'Chitra')]
    await as(a)
    const self = (await viewOf(b)).guests.find((guest) => guest.firstName === 'Asha')!.guestId
    await as(a)
    // A's own id on B's list: a pick of oneself.
    const own = await failure(callFunction(pickGuestCall, { orderId: a.orderId, guestId: self, picked: true }))
    expect([own.code, own.message]).toEqual(['functions/invalid-argument', AFTER_MESSAGES.notYourself])
    expect(await callFunction(pickGuestCall, { orderId: a.orderId, guestId: bala, picked: true })).toEqual({
      picked: true,
      connected: false,
    })
    expect(await callFunction(pickGuestCall, { orderId: a.orderId, guestId: chitra, picked: true })).toEqual({
      picked: true,
      connected: false,
    })
    const asha = await guestIdOf(b, 'Asha')
    await as(b)
    expect(await callFunction(pickGuestCall, { orderId: b.orderId, guestId: asha, picked: true })).toEqual({
      picked: true,
      connected: true,
    })
    await as(a)
    expect((await callFunction(listConnectionsCall, {})).connections).toMatchObject([
      { firstName: 'Bala', contact: { kind: 'instagram', value: '@bala.iyer' }, eventDate: night },
    ])
    await as(b)
    expect((await callFunction(listConnectionsCall, {})).connections).toMatchObject([
      { firstName: 'Asha', contact: { kind: 'instagram', value: '@asha.rao' } },
    ])
    // In the app, their booking says so too (and the ticket, which reads the same view).
    const { bookings } = await callFunction(listMyBookingsCall, {})
    expect(bookings.find((booking) => booking.orderId === b.orderId)?.afterNight?.connections).toBe(1)
    const chitrasView = await viewOf(c)
    expect(chitrasView.connections).toEqual([])
    expect(chitrasView.guests.every((guest) => !guest.picked && !guest.connected)).toBe(true)
    await as(c)
    expect((await callFunction(listConnectionsCall, {})).connections).toEqual([])
    // Both are told, by email, once.
    const told = await adminDb().collection('mail').where('kind', '==', 'connection').get()
    const to = told.docs.map((doc) => doc.get('to'))
    expect([a.email, b.email, c.email].map((email) => to.filter((t) => t === email).length)).toEqual([1, 1, 0])
  })

  it('either member removes a connection: neither is told, a stranger cannot, and it does not come back by itself', async () => {
    const [dev, esha] = [others[0]!, others[1]!]
    const eshaId = await guestIdOf(dev, 'Esha')
    await as(dev)
    await callFunction(pickGuestCall, { orderId: dev.orderId, guestId: eshaId, picked: true })
    const devId = await guestIdOf(esha, 'Dev')
    await as(esha)
    expect((await callFunction(pickGuestCall, { orderId: esha.orderId, guestId: devId, picked: true })).connected).toBe(
      true,
    )
    const [connection] = (await callFunction(listConnectionsCall, {})).connections
    await as(c)
    const stranger = await failure(callFunction(removeConnectionCall, { connectionId: connection!.connectionId }))
    expect(stranger.message).toBe(AFTER_MESSAGES.noConnection)
    await as(dev)
    expect(await callFunction(removeConnectionCall, { connectionId: connection!.connectionId })).toEqual({
      removed: true,
    })
    expect((await callFunction(listConnectionsCall, {})).connections).toEqual([])
    await as(esha)
    expect((await callFunction(listConnectionsCall, {})).connections).toEqual([])
    // Esha picks Dev again: Dev's pick went with the connection, so nothing connects.
    expect(await callFunction(pickGuestCall, { orderId: esha.orderId, guestId: devId, picked: true })).toEqual({
      picked: true,
      connected: false,
    })
  })

  it('a block hides each from the other and keeps no pick across it, telling neither; a report is made once, and a flood is refused', async () => {
    const chitra = await guestIdOf(a, 'Chitra')
    await as(c)
    const asha = (await viewOf(c)).guests.find((guest) => guest.firstName === 'Asha')!.guestId
    await as(c)
    await callFunction(blockGuestCall, { orderId: c.orderId, guestId: asha })
    expect((await viewOf(c)).guests.map((guest) => guest.firstName)).not.toContain('Asha')
    expect((await viewOf(a)).guests.map((guest) => guest.firstName)).not.toContain('Chitra')
    await as(a)
    // A (whose list was read before C's block) picks C: the answer is an ordinary pick's, so A never
    // learns C blocked them from a refusal, and nothing is kept.
    expect(await callFunction(pickGuestCall, { orderId: a.orderId, guestId: chitra, picked: true })).toEqual({
      picked: true,
      connected: false,
    })
    // A's pick of C is gone with the block, and none came back.
    expect((await adminDb().collection('picks').where('from', '==', a.uid).where('to', '==', c.uid).get()).size).toBe(0)

    await as(a)
    await callFunction(reportGuestCall, {
      orderId: a.orderId,
      guestId: chitra,
      reason: 'harassment',
      text: 'Kept making comments after I asked him to stop.',
    })
    const again = await failure(
      callFunction(reportGuestCall, { orderId: a.orderId, guestId: chitra, reason: 'other', text: 'Again' }),
    )
    expect(again.message).toBe(AFTER_MESSAGES.alreadyReported)
    const report = (await adminDb().collection('reports').where('reporter_uid', '==', a.uid).get()).docs[0]!
    expect(report.data()).toMatchObject({
      reported_uid: c.uid,
      reason: 'harassment',
      status: 'open',
      city: 'bangalore',
    })

    // B reports five guests in a day; the sixth is refused.
    const ids = await viewOf(b)
    await as(b)
    const targets = ids.guests.filter((guest) => guest.firstName !== 'Asha').slice(0, REPORTS_PER_DAY + 1)
    for (const guest of targets.slice(0, REPORTS_PER_DAY)) {
      await callFunction(reportGuestCall, { orderId: b.orderId, guestId: guest.guestId, reason: 'other', text: 'Test' })
    }
    const flood = await failure(
      callFunction(reportGuestCall, {
        orderId: b.orderId,
        guestId: targets[REPORTS_PER_DAY]!.guestId,
        reason: 'other',
        text: 'One more',
      }),
    )
    expect([flood.code, flood.message]).toEqual(['functions/resource-exhausted', AFTER_MESSAGES.tooManyReports])
  })

  it('the city’s host sees the report (never who made it), warns the member, and the reporter is told', async () => {
    // A host of another city is refused the report as if it did not exist.
    await signedInWith({ host_cities: ['pune'] })
    const puneView = await callFunction(listReportsCall, {})
    expect(puneView.reports).toEqual([])
    const reportId = (await adminDb().collection('reports').where('reporter_uid', '==', a.uid).get()).docs[0]!.id
    const elsewhereHost = await failure(
      callFunction(resolveReportCall, { reportId, action: 'warn', reason: 'Harassment of a guest' }),
    )
    expect(elsewhereHost.message).toBe(HOST_MESSAGES.reportNotFound)
    // A member is not a host.
    await as(b)
    expect((await failure(callFunction(listReportsCall, {}))).code).toBe('functions/permission-denied')

    await hostOfBangalore()
    const { reports } = await callFunction(listReportsCall, {})
    const entry = reports.find((report) => report.reportId === reportId)!
    expect(entry).toMatchObject({ member: { uid: c.uid, firstName: 'Chitra' }, reason: 'harassment', status: 'open' })
    expect(JSON.stringify(entry)).not.toContain(a.uid)
    expect(entry.earlier.length).toBeGreaterThanOrEqual(1) // B's report about Chitra too
    const resolved = await callFunction(resolveReportCall, {
      reportId,
      action: 'warn',
      reason: 'Harassment of a guest',
    })
    expect(resolved.report).toMatchObject({ status: 'resolved', standing: { level: 'warning' } })
    expect((await adminDb().doc(`moderation/${c.uid}`).get()).get('level')).toBe('warning')
    expect((await viewOf(a)).reports).toMatchObject([{ firstName: 'Chitra', lookedAt: true }])
    const told = await adminDb().collection('mail').where('kind', '==', 'report-reviewed').get()
    expect(told.docs.map((doc) => doc.get('to')).filter((to) => [a.email, b.email, c.email].includes(to))).toEqual([
      a.email,
    ])
  })

  it('hosts see the evening: the average rating, the comments and the connections as a number', async () => {
    await hostOfBangalore()
    const list = await callFunction(getGuestListCall, { eventId: sunday.id, eventDate: night })
    expect(list.night).toMatchObject({
      state: 'open',
      came: 8,
      ratings: 2,
      average: 4.5,
      comments: ['Lovely people'],
      // Made that evening: Asha and Bala, Dev and Esha (removed since, but made).
      connections: 2,
    })
    expect(list.guests.find((guest) => guest.orderId === a.orderId)?.came).toBe('door')
    expect(list.guests.find((guest) => guest.orderId === noShow.orderId)?.came).toBeUndefined()
  })

  it('a week on, the evening closes: picks that did not connect are deleted, and a pick is refused', async () => {
    const dev = await guestIdOf(a, 'Dev')
    await as(a)
    await callFunction(pickGuestCall, { orderId: a.orderId, guestId: dev, picked: true })
    const report = await morningJob(windowCloses(night) + 60_000)
    expect(report.closed).toBeGreaterThanOrEqual(1)
    expect((await adminDb().collection('picks').where('night', '==', `${sunday.id}_${night}`).get()).size).toBe(0)
    await as(a)
    const late = await failure(callFunction(pickGuestCall, { orderId: a.orderId, guestId: dev, picked: true }))
    expect([late.code, late.message]).toEqual(['functions/failed-precondition', AFTER_MESSAGES.closed])
    // The connection stays.
    expect((await callFunction(listConnectionsCall, {})).connections).toHaveLength(1)
  })

  it('where the door was not used, a host marks who came until the morning after; no one marked, no one asked', async () => {
    const marked = await paidGuest('Mira Pillai', markedNight)
    const mark = (came: boolean) =>
      callFunction(markAttendanceCall, { eventId: sunday.id, eventDate: markedNight, orderId: marked.orderId, came })
    await hostOfBangalore()
    const early = await failure(mark(true))
    expect(early.message).toBe(HOST_MESSAGES.attendanceTooEarly)
    await atTheNight(sunday.id, markedNight)
    const answer = await mark(true)
    expect(answer).toMatchObject({ changed: true, night: { state: 'waiting', came: 1 } })
    const audit = await adminDb().collection('audit_log').where('action', '==', 'mark-attendance').get()
    expect(audit.docs.map((doc) => doc.get('change'))).toEqual([
      { member: marked.uid, order: marked.orderId, came: true },
    ])
    await signOutMember()
    expect(await morningJob(morningAfter(markedNight) + 60_000)).toMatchObject({ asked: 1 })
    await hostOfBangalore()
    const closed = await failure(mark(false))
    expect(closed.message).toBe(HOST_MESSAGES.attendanceClosed)
    expect((await viewOf(marked)).open).toBe(true)

    // A date where no one was checked in or marked: no one is asked, and the console says so.
    const quiet = bookableDates(sunday)[5]!
    const nobody = await paidGuest('Om Prakash', quiet)
    expect(await morningJob(morningAfter(quiet) + 60_000)).toMatchObject({ asked: 0, noAttendance: 1 })
    expect((await adminDb().doc(`mail/${nobody.orderId}_how-was`).get()).exists).toBe(false)
    await hostOfBangalore()
    const list = await callFunction(getGuestListCall, { eventId: sunday.id, eventDate: quiet })
    expect(list.night).toMatchObject({ state: 'none', came: 0 })
  })

  it('a member’s export holds what they said, picked and reported; deleting the account removes it, their report stays without them', async () => {
    await as(a)
    const data = await callFunction(exportMyDataCall, {})
    expect(data.after_night.feedback).toMatchObject([{ rating: 5, comment: 'Lovely people' }])
    expect(data.after_night.connections).toMatchObject([{ with: 'Bala', event_date: night }])
    expect(data.after_night.reports).toMatchObject([{ about: 'Chitra', reason: 'harassment', status: 'looked at' }])
    expect(data.after_night.sharing).toMatchObject({ contactKind: 'instagram', contact: '@asha.rao' })
    await as(a) // a recent sign-in
    await callFunction(deleteMyAccountCall, {})
    const db = adminDb()
    expect((await db.collection('feedback').where('user_id', '==', a.uid).get()).size).toBe(0)
    expect((await db.collection('connections').where('members', 'array-contains', a.uid).get()).size).toBe(0)
    expect((await db.doc(`member_sharing/${a.uid}`).get()).exists).toBe(false)
    const reports = await db.collection('reports').where('reported_uid', '==', c.uid).get()
    expect(reports.docs.some((doc) => doc.get('reason') === 'harassment')).toBe(true)
    expect(reports.docs.every((doc) => doc.get('reporter_uid') !== a.uid)).toBe(true)
    expect(Object.keys((await db.doc(`nights/${sunday.id}_${night}`).get()).get('guests'))).not.toContain(a.uid)
    await as(b)
    expect((await callFunction(listConnectionsCall, {})).connections).toEqual([])
  })

  it('a block that lands while the pick completing a pair is on its way wins: the pair is not connected', async () => {
    // Arranged directly: an evening of two guests, B having picked A already.
    const raceDate = bookableDates(sunday)[6]!
    const id = `${sunday.id}_${raceDate}`
    const db = adminDb()
    const [a, b] = ['race_a', 'race_b']
    const guests: Record<string, { order_id: string; first_name: string }> = {}
    for (const uid of [a, b]) {
      guests[uid] = { order_id: `yaari_race_${uid}`, first_name: uid }
      await db.doc(`bookings/yaari_race_${uid}`).set({
        order_id: `yaari_race_${uid}`,
        user_id: uid,
        event_id: sunday.id,
        event_date: raceDate,
        tier: 'girls',
        amount: sunday.prices.girls,
        seat: null,
        status: 'confirmed',
        payment_session_id: null,
        hold_expires_at: Date.now(),
        created_at: Date.now(),
        attendee: { name: uid },
      })
    }
    const asked = Date.now()
    await db.doc(`nights/${id}`).set({
      event_id: sunday.id,
      event_date: raceDate,
      city: 'bangalore',
      opened_at: asked,
      asked_at: asked,
      guests,
      connections: 0,
      closed: false,
    })
    const at = { now: clockAt(Date.now()) }
    await pickGuest(
      { firestore: db, ...at },
      { uid: b },
      { orderId: `yaari_race_${b}`, guestId: guestKey(id, a), picked: true },
    )

    // A's pick is held just before it creates the connection (past its own look at the blocks)...
    const held = gate()
    const picking = pickGuest(
      { firestore: heldConnections(db, held.opened), ...at },
      { uid: a },
      { orderId: `yaari_race_${a}`, guestId: guestKey(id, b), picked: true },
    )
    await expect.poll(async () => (await db.doc(`picks/${id}_${a}_${b}`).get()).exists).toBe(true)
    // ...while B blocks A, to the end.
    await blockGuest({ firestore: db, ...at }, { uid: b }, { orderId: `yaari_race_${b}`, guestId: guestKey(id, a) })
    held.open()
    // The pick answers as any pick that made no pair: nothing tells A of B's block.
    expect(await picking).toEqual({ picked: true, connected: false })
    expect((await db.collection('connections').where('members', 'array-contains', a).get()).size).toBe(0)
  })
})

/** The Firestore handle, but a connection's create() waits for `gate`: to stop a pick between its two steps. */
function heldConnections(db: Firestore, gate: Promise<void>): Firestore {
  const passing = <T extends object>(target: T, override: (key: PropertyKey) => unknown) =>
    new Proxy(target, {
      get(object, key) {
        const replaced = override(key)
        if (replaced !== undefined) return replaced
        const value = Reflect.get(object, key)
        return typeof value === 'function' ? value.bind(object) : value
      },
    })
  return passing(db, (key) =>
    key === 'collection'
      ? (name: string) => {
          const collection = db.collection(name)
          if (name !== 'connections') return collection
          return passing(collection, (inner) =>
            inner === 'doc'
              ? (docId: string) => {
                  const ref = collection.doc(docId)
                  return passing(ref, (method) =>
                    method === 'create'
                      ? async (data: DocumentData) => {
                          await gate
                          return ref.create(data)
                        }
                      : undefined,
                  )
                }
              : undefined,
          )
        }
      : undefined,
  )
}
