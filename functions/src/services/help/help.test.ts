/**
 * Help at the venue against a fake Firestore and fake Firebase accounts: a guest with a paid seat
 * alerts during the evening only (three an hour), the date's coordinators who still host the city
 * are told and pushed at once, a coordinator's answer reaches the guest by first name, the guest can
 * cancel, no one reads another's alert, an alert nobody answers in 3 minutes goes to the admins,
 * and a host turns an alert into a report about another guest of the date, once.
 */
import { doorWindow } from '@yaari/domain/door'
import { ANSWER_WITHIN_MS, HELP_MESSAGES } from '@yaari/domain/help'
import { describe, expect, it } from 'vitest'
import type { HostCaller } from '../../lib/auth'
import { bookingWorld, EVENT } from '../../testing/booking-world'
import { refusal } from '../../testing/refusal'
import { forgetNotifications } from '../notifications/member-notifications'
import { cancelAlert, escalateAlerts, listMyAlerts, raiseAlert } from './alerts'
import { answerAlert, getDateHelp, reportAlert, setCoordinators } from './coordinators'

interface Account {
  uid: string
  displayName: string
  disabled: boolean
  customClaims: Record<string, unknown>
}

/** Firebase accounts as listUsers pages them: two Bangalore hosts, an admin, a host of another city. */
function fakeAccounts() {
  const accounts: Account[] = [
    { uid: 'priya', displayName: 'Priya Nair', disabled: false, customClaims: { host_cities: ['bangalore'] } },
    { uid: 'ravi', displayName: 'Ravi Kumar', disabled: false, customClaims: { host_cities: ['bangalore'] } },
    { uid: 'boss', displayName: 'Anita Admin', disabled: false, customClaims: { admin: true } },
    { uid: 'far', displayName: 'Far Host', disabled: false, customClaims: { host_cities: ['mumbai'] } },
  ]
  return { accounts, listUsers: async () => ({ users: accounts, pageToken: undefined }) }
}

const host = (uid: string, hostCities = ['bangalore']): HostCaller => ({
  uid,
  email: `${uid}@yaari.test`,
  roles: { admin: false, hostCities },
})

async function helpWorld() {
  const world = bookingWorld()
  const auth = fakeAccounts()
  const pushed: string[] = []
  // Pushed as the delivery would: only a notification due by the time it is pushed at.
  const pushNow = async (id: string, now: number) => {
    const dueAt = world.firestore.dump('notices')[id]?.push_due_at
    if (typeof dueAt !== 'number' || dueAt > now) throw new Error(`${id} is not due at ${now}`)
    pushed.push(id)
  }
  const context = { ...world.deps, auth, pushNow }
  const { member, date, orderId } = await world.paidBooking()
  const window = doorWindow(EVENT, date)
  const duringTheEvening = () => world.advance(window.opens + 3_600_000 - world.now)
  const told = (uid: string) =>
    Object.values(world.firestore.dump('notices')).filter((notice) => notice.uid === uid && notice.kind === 'help')
  const dated = { eventId: EVENT.id, eventDate: date }
  return { world, auth, context, pushed, member, date, orderId, duringTheEvening, told, dated }
}

describe('raising an alert', () => {
  it('is for a guest with a paid seat, during the evening, three an hour, one per tap', async () => {
    const { world, context, member, orderId, duringTheEvening } = await helpWorld()
    const raise = (alertId: string, who = member) =>
      raiseAlert(context, who, { orderId, alertId, reason: 'unsafe', note: 'A man keeps following me' })
    expect(await refusal(raise('tap000001'))).toEqual({
      code: 'failed-precondition',
      message: HELP_MESSAGES.notTonight,
    })
    duringTheEvening()
    // Another member naming this booking: told nothing about it.
    const stranger = await world.member()
    expect(await refusal(raise('tap000002', stranger))).toEqual({
      code: 'permission-denied',
      message: HELP_MESSAGES.noSeat,
    })

    const first = await raise('tap000003')
    expect(first.alert).toMatchObject({ alertId: 'tap000003', state: 'open', reason: 'unsafe' })
    // The same tap sent again (a queued alert, a retry): one alert.
    expect((await raise('tap000003')).alert.raisedAt).toBe(first.alert.raisedAt)
    await raise('tap000004')
    await raise('tap000005')
    expect(await refusal(raise('tap000006'))).toEqual({ code: 'resource-exhausted', message: HELP_MESSAGES.tooMany })
    world.advance(3_600_001)
    await expect(raise('tap000007')).resolves.toBeDefined()
    expect(Object.keys(world.firestore.dump('alerts'))).toHaveLength(4)
  })

  it('tells the admins when only admins host the city, and tells again on a replay left untold', async () => {
    const { world, auth, context, member, orderId, duringTheEvening, told } = await helpWorld()
    duringTheEvening()
    auth.accounts[0]!.customClaims = {}
    auth.accounts[1]!.customClaims = {}
    await raiseAlert(context, member, { orderId, alertId: 'onlyadmin', reason: 'medical' })
    expect(told('boss')).toHaveLength(1)
    // A call cut off after raising it, before telling: the phone's retry tells.
    for (const id of Object.keys(world.firestore.dump('notices')))
      await world.deps.firestore.doc(`notices/${id}`).delete()
    await raiseAlert(context, member, { orderId, alertId: 'onlyadmin', reason: 'medical' })
    expect(told('boss')).toHaveLength(1)
  })

  it('tells the team by the guest’s first name, and what it told goes with the guest’s account', async () => {
    const { world, context, member, orderId, duringTheEvening, told } = await helpWorld()
    duringTheEvening()
    await raiseAlert(context, member, { orderId, alertId: 'forget001', reason: 'unsafe', note: 'By the door' })
    expect(told('priya')).toEqual([expect.objectContaining({ body: expect.stringContaining('By the door') })])
    await forgetNotifications(world.deps.firestore, member.uid)
    expect(told('priya')).toEqual([])
  })

  it('holds the hourly limit against alerts sent all at once', async () => {
    const { world, context, member, orderId, duringTheEvening } = await helpWorld()
    duringTheEvening()
    const taps = Array.from({ length: 10 }, (_, i) =>
      raiseAlert(context, member, { orderId, alertId: `burst${String(i).padStart(4, '0')}`, reason: 'other' }).then(
        () => 'raised',
        (error: { code?: string }) => error.code,
      ),
    )
    const answers = await Promise.all(taps)
    expect(answers.filter((answer) => answer === 'raised')).toHaveLength(3)
    expect(answers.filter((answer) => answer === 'resource-exhausted')).toHaveLength(7)
    expect(Object.keys(world.firestore.dump('alerts'))).toHaveLength(3)
  })

  it('tells the coordinators who still host the city, at once; without coordinators, the city’s hosts', async () => {
    const { auth, context, member, orderId, duringTheEvening, told, pushed, dated } = await helpWorld()
    duringTheEvening()
    await raiseAlert(context, member, { orderId, alertId: 'nocoord01', reason: 'lost' })
    expect([told('priya').length, told('ravi').length, told('boss').length, told('far').length]).toEqual([1, 1, 0, 0])

    await setCoordinators(context, host('ravi'), { ...dated, coordinators: ['priya', 'ravi'] })
    // Ravi's role is taken away: he is no longer told.
    auth.accounts[1]!.customClaims = {}
    await raiseAlert(context, member, { orderId, alertId: 'coord0001', reason: 'medical' })
    expect([told('priya').length, told('ravi').length]).toEqual([2, 1])
    expect(pushed.filter((id) => id.includes('coord0001'))).toEqual([expect.stringContaining('priya')])
  })
})

describe('the coordinators’ side', () => {
  it('chooses coordinators among the city’s hosts only, and says who coordinates', async () => {
    const { context, dated } = await helpWorld()
    expect(await refusal(setCoordinators(context, host('ravi'), { ...dated, coordinators: ['far'] }))).toEqual({
      code: 'invalid-argument',
      message: HELP_MESSAGES.notCoordinator,
    })
    await setCoordinators(context, host('ravi'), { ...dated, coordinators: ['priya'] })
    expect((await getDateHelp(context, host('priya'), dated)).youCoordinate).toBe(true)
    const ravi = await getDateHelp(context, host('ravi'), dated)
    expect(ravi).toMatchObject({ youCoordinate: false, coordinators: [{ uid: 'priya', name: 'Priya Nair' }] })
    expect(ravi.hosts.map((h) => h.uid).sort()).toEqual(['boss', 'priya', 'ravi'])
  })

  it('answers once; the guest reads the coordinator’s first name and when, and can cancel only an open alert', async () => {
    const { world, context, member, orderId, duringTheEvening, dated } = await helpWorld()
    duringTheEvening()
    await raiseAlert(context, member, { orderId, alertId: 'answer001', reason: 'unsafe' })
    await raiseAlert(context, member, { orderId, alertId: 'cancel001', reason: 'other' })
    const seen = await getDateHelp(context, host('priya'), dated)
    expect(seen.alerts.map((a) => a.alertId).sort()).toEqual(['answer001', 'cancel001'])
    expect(seen.alerts[0]?.guestName).toBeTruthy()

    world.advance(60_000)
    await answerAlert(context, host('priya'), { ...dated, alertId: 'answer001', answer: 'coming' })
    await answerAlert(context, host('ravi'), { ...dated, alertId: 'answer001', answer: 'seen' })
    const { alerts } = await listMyAlerts(context, member, { orderId })
    const answered = alerts.find((a) => a.alertId === 'answer001')
    expect(answered).toMatchObject({ state: 'answered', answer: { words: 'Priya is on their way' } })
    expect(answered?.answer?.at).toBe(new Date(world.now).toISOString())

    // Cancelled by its guest, never by another member; an answered one stays answered.
    const stranger = await world.member()
    expect((await refusal(cancelAlert(context, stranger, { alertId: 'cancel001' }))).code).toBe('not-found')
    expect((await cancelAlert(context, member, { alertId: 'cancel001' })).alert.state).toBe('cancelled')
    expect((await cancelAlert(context, member, { alertId: 'answer001' })).alert.state).toBe('answered')
    // Another member reads none of them.
    expect((await listMyAlerts(context, stranger, { orderId })).alerts).toEqual([])
  })

  it('sends an alert nobody answered within 3 minutes to the admins, once', async () => {
    const { world, context, member, orderId, duringTheEvening, told, dated } = await helpWorld()
    duringTheEvening()
    await raiseAlert(context, member, { orderId, alertId: 'escalate1', reason: 'unsafe' })
    await raiseAlert(context, member, { orderId, alertId: 'answered1', reason: 'lost' })
    await answerAlert(context, host('priya'), { ...dated, alertId: 'answered1', answer: 'seen' })
    world.advance(ANSWER_WITHIN_MS - 1_000)
    expect(await escalateAlerts(context)).toEqual({ escalated: 0 })
    world.advance(2_000)
    expect(await escalateAlerts(context)).toEqual({ escalated: 1 })
    expect(await escalateAlerts(context)).toEqual({ escalated: 0 })
    expect(told('boss')).toHaveLength(1)
    expect(
      (await getDateHelp(context, host('priya'), dated)).alerts.find((a) => a.alertId === 'escalate1'),
    ).toMatchObject({ escalated: true })
  })

  it('turns an alert into a report about another paid guest of the date, once, on the guest’s behalf', async () => {
    const { world, context, member, orderId, duringTheEvening, dated } = await helpWorld()
    const other = await world.paidBooking()
    duringTheEvening()
    await raiseAlert(context, member, { orderId, alertId: 'report001', reason: 'unsafe', note: 'He followed me out' })
    const report = { ...dated, alertId: 'report001', reason: 'unsafe', text: 'He followed me out' } as const

    // About the guest who raised it, or a booking that is not a paid seat of this date: refused.
    expect(await refusal(reportAlert(context, host('priya'), { ...report, orderId }))).toEqual({
      code: 'invalid-argument',
      message: HELP_MESSAGES.notTheCaller,
    })
    expect(await refusal(reportAlert(context, host('priya'), { ...report, orderId: 'order_not_a_booking' }))).toEqual({
      code: 'invalid-argument',
      message: HELP_MESSAGES.reportAbout,
    })
    expect(
      await refusal(reportAlert(context, host('priya'), { ...report, alertId: 'nosuch001', orderId: other.orderId })),
    ).toMatchObject({
      code: 'not-found',
    })

    const { alert } = await reportAlert(context, host('priya'), { ...report, orderId: other.orderId })
    expect(alert).toMatchObject({ alertId: 'report001', reported: true })
    const reports = Object.values(world.firestore.dump('reports'))
    expect(reports).toEqual([
      expect.objectContaining({
        reporter_uid: member.uid,
        reported_uid: other.member.uid,
        reason: 'unsafe',
        text: 'He followed me out',
        status: 'open',
        event_date: dated.eventDate,
        city: 'bangalore',
      }),
    ])
    // Once: a second host's tap is told it is done already.
    expect(await refusal(reportAlert(context, host('ravi'), { ...report, orderId: other.orderId }))).toEqual({
      code: 'already-exists',
      message: HELP_MESSAGES.alreadyReported,
    })
    expect(Object.keys(world.firestore.dump('reports'))).toHaveLength(1)
    expect((await getDateHelp(context, host('ravi'), dated)).alerts[0]).toMatchObject({ reported: true })
  })
})
