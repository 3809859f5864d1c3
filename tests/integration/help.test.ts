/**
 * Help at the venue through the public API: a guest with a paid seat alerts during the evening
 * (the date's stack clock put there), the date's coordinator is told and answers, and the wrong
 * person is refused each time: another member, a host of another city, a revoked coordinator, a
 * guest outside the evening or past three alerts an hour. A host of the city turns an alert into a
 * report, once; no member, host of another city or revoked host can.
 */
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import {
  answerAlertCall,
  cancelAlertCall,
  getDateHelpCall,
  HELP_HOST_CALLABLES,
  HELP_MESSAGES,
  listMyAlertsCall,
  raiseAlertCall,
  reportAlertCall,
  setCoordinatorsCall,
} from '@yaari/domain/help'
import { signInWithEmailAndPassword } from 'firebase/auth'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { auth, callFunction } from '../../src/lib/firebase'
import {
  adminDb,
  atTheNight,
  bookableDates,
  callAnything,
  emptyEveryDate,
  failure,
  type Guest,
  guestWhoPaid,
  setClaims,
  signedInWith,
  signOutMember,
} from './helpers'

const sunday = SEED_EVENTS.find((event) => event.id === 'unplanned-sunday-social-mixup')!
const date = bookableDates(sunday).at(-2)!
const dated = { eventId: sunday.id, eventDate: date }
const PASSWORD = 'correct-horse-42'

let guest: Guest
let other: Guest
beforeAll(async () => {
  guest = await guestWhoPaid(sunday.id, date, 'Meera Iyer')
  other = await guestWhoPaid(sunday.id, date, 'Kavya Rao')
}, 60_000)

afterEach(async () => {
  await signOutMember()
})
// The e2e's evening may be this date: it finds the stack as a fresh one would be.
afterAll(emptyEveryDate)

const signInAs = (who: { email: string }) => signInWithEmailAndPassword(auth(), who.email, PASSWORD)
const noticesOf = async (uid: string) =>
  (await adminDb().collection('notices').where('uid', '==', uid).where('kind', '==', 'help').get()).size

describe('the coordinators’ callables', () => {
  it('refuse a visitor and a member, the guest who raised an alert included', async () => {
    const requests: Record<(typeof HELP_HOST_CALLABLES)[number]['name'], unknown> = {
      setCoordinators: { ...dated, coordinators: [] },
      getDateHelp: dated,
      answerAlert: { ...dated, alertId: 'feelunsafe1', answer: 'seen' },
      reportAlert: { ...dated, alertId: 'feelunsafe1', orderId: other.orderId, reason: 'other', text: 'What happened' },
    }
    for (const contract of HELP_HOST_CALLABLES) {
      const visitor = await failure(callAnything(contract, requests[contract.name]))
      expect(visitor.code, `${contract.name}, visitor`).toBe('functions/unauthenticated')
    }
    await signInAs(guest)
    for (const contract of HELP_HOST_CALLABLES) {
      const member = await failure(callAnything(contract, requests[contract.name]))
      expect(member.code, `${contract.name}, member`).toBe('functions/permission-denied')
    }
  })
})

describe('a guest’s alert', () => {
  it('is refused outside the evening, and for a booking that is not the caller’s', async () => {
    await adminDb().doc(`stack_clocks/${sunday.id}_${date}`).delete()
    await signInAs(guest)
    const early = await failure(
      callFunction(raiseAlertCall, { orderId: guest.orderId, alertId: 'tooearly01', reason: 'lost' }),
    )
    expect(early).toMatchObject({ code: 'functions/failed-precondition', message: HELP_MESSAGES.notTonight })
    await atTheNight(sunday.id, date)
    const notMine = await failure(
      callFunction(raiseAlertCall, { orderId: other.orderId, alertId: 'notmine001', reason: 'lost' }),
    )
    expect(notMine).toMatchObject({ code: 'functions/permission-denied', message: HELP_MESSAGES.noSeat })
  })

  it('reaches the date’s coordinator, who answers; no other member or city sees it; a revoked coordinator is not told', async () => {
    await atTheNight(sunday.id, date)
    const coordinator = await signedInWith({ host_cities: ['bangalore'] })
    const spare = await signOutAndMakeHost()
    await signInAs({ email: coordinator.email! })
    await callFunction(setCoordinatorsCall, { ...dated, coordinators: [coordinator.uid, spare.uid] })
    await signOutMember()

    await signInAs(guest)
    const { alert } = await callFunction(raiseAlertCall, {
      orderId: guest.orderId,
      alertId: 'feelunsafe1',
      reason: 'unsafe',
      note: 'Near the bar',
    })
    expect(alert).toMatchObject({ state: 'open', reason: 'unsafe' })
    expect(await noticesOf(coordinator.uid)).toBe(1)
    await signOutMember()

    // Another guest of the same evening reads none of it, and cannot cancel it.
    await signInAs(other)
    expect((await callFunction(listMyAlertsCall, { orderId: guest.orderId })).alerts).toEqual([])
    expect((await failure(callFunction(cancelAlertCall, { alertId: 'feelunsafe1' }))).code).toBe('functions/not-found')
    await signOutMember()

    // A host of another city is refused the date.
    await signedInWith({ host_cities: ['pune'] })
    expect((await failure(callFunction(getDateHelpCall, dated))).code).toBe('functions/permission-denied')
    await signOutMember()

    // The coordinator sees it on the date and answers; the guest reads the answer.
    await signInAs({ email: coordinator.email! })
    const help = await callFunction(getDateHelpCall, dated)
    expect(help.youCoordinate).toBe(true)
    expect(help.alerts.find((a) => a.alertId === 'feelunsafe1')).toMatchObject({
      guestName: 'Meera Iyer',
      state: 'open',
    })
    await callFunction(answerAlertCall, { ...dated, alertId: 'feelunsafe1', answer: 'coming' })
    await signOutMember()
    await signInAs(guest)
    const [answered] = (await callFunction(listMyAlertsCall, { orderId: guest.orderId })).alerts.filter(
      (a) => a.alertId === 'feelunsafe1',
    )
    expect(answered?.answer?.words).toMatch(/ is on (her|his|their) way$/)

    // The spare coordinator loses the role: the next alert is not told to them.
    const before = await noticesOf(spare.uid)
    await setClaims(spare.uid, {})
    await callFunction(raiseAlertCall, { orderId: guest.orderId, alertId: 'lostgroup1', reason: 'lost' })
    expect(await noticesOf(spare.uid)).toBe(before)
    expect(await noticesOf(coordinator.uid)).toBe(2)
  })

  it('becomes a report by a host of its city, once; never by a guest, a host of another city or a revoked host', async () => {
    await atTheNight(sunday.id, date)
    const report = {
      ...dated,
      alertId: 'feelunsafe1',
      orderId: other.orderId,
      reason: 'unsafe',
      text: 'Kept following me to the bar',
    } as const
    for (const member of [guest, other]) {
      await signInAs(member)
      expect((await failure(callFunction(reportAlertCall, report))).code).toBe('functions/permission-denied')
      await signOutMember()
    }
    await signedInWith({ host_cities: ['pune'] })
    expect((await failure(callFunction(reportAlertCall, report))).code).toBe('functions/permission-denied')
    await signOutMember()
    // A host whose city was taken away, still holding a token that says it: refused at once.
    const revoked = await signedInWith({ host_cities: ['bangalore'] })
    await setClaims(revoked.uid, {})
    expect((await failure(callFunction(reportAlertCall, report))).code).toBe('functions/permission-denied')
    expect(
      (await failure(callFunction(answerAlertCall, { ...dated, alertId: 'feelunsafe1', answer: 'seen' }))).code,
    ).toBe('functions/permission-denied')
    await signOutMember()
    const reportsOfAlert = async () =>
      (await adminDb().collection('reports').where('reported_uid', '==', other.uid).get()).docs.map((doc) => doc.data())

    await signedInWith({ host_cities: ['bangalore'] })
    const { alert } = await callFunction(reportAlertCall, report)
    expect(alert).toMatchObject({ alertId: 'feelunsafe1', reported: true })
    expect(await reportsOfAlert()).toEqual([
      expect.objectContaining({ reporter_uid: guest.uid, reason: 'unsafe', text: report.text, status: 'open' }),
    ])
    const again = await failure(callFunction(reportAlertCall, report))
    expect(again).toMatchObject({ code: 'functions/already-exists', message: HELP_MESSAGES.alreadyReported })
    expect(await reportsOfAlert()).toHaveLength(1)
  })

  it('is limited to three an hour per member, refused politely after', async () => {
    await atTheNight(sunday.id, date)
    await signInAs(other)
    for (const n of [1, 2, 3]) {
      await callFunction(raiseAlertCall, { orderId: other.orderId, alertId: `limit00${n}x`, reason: 'other' })
    }
    const fourth = await failure(
      callFunction(raiseAlertCall, { orderId: other.orderId, alertId: 'limit004x', reason: 'other' }),
    )
    expect(fourth).toMatchObject({ code: 'functions/resource-exhausted', message: HELP_MESSAGES.tooMany })
  })
})

/** A second Bangalore host, made while no one is signed in; left signed out. */
async function signOutAndMakeHost() {
  await signOutMember()
  const host = await signedInWith({ host_cities: ['bangalore'] })
  await signOutMember()
  return host
}
