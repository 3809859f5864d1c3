/**
 * Notifications and their pushes against a fake Firestore and a fake push service: told once, held by
 * quiet hours (an offer is not), a device gone (410) removed, a busy service (429) tried again and
 * only the devices still without it sent it, a kind turned off not pushed, a member's notification never
 * pushed to another member's device, and an endpoint outside the push services refused.
 */
import { type PushSubscriptionInput, pushDueAt } from '@yaari/domain/notifications'
import type { Firestore } from 'firebase-admin/firestore'
import { describe, expect, it } from 'vitest'
import { clockAt } from '../../lib/context'
import type { PushAnswer, Pusher, PushTarget } from '../../lib/push'

type PushOptions = Parameters<Pusher>[2]

import { FakeFirestore } from '../../testing/fake-firestore'
import { device, KEYS } from '../../testing/push-devices'
import { deliverPushes } from './deliver'
import {
  forgetNotifications,
  type Notification,
  notificationUntil,
  saveSettings,
  saveSubscription,
  tell,
} from './member-notifications'

// 2026-12-01 14:00 IST, and 23:30 IST the same day.
const AFTERNOON = Date.parse('2026-12-01T14:00:00+05:30')
const NIGHT = Date.parse('2026-12-01T23:30:00+05:30')
/** The evening the reminder is about: Wednesday 2 December 2026, 19:30 to 22:00 IST. */
const REMINDED_EVENING = {
  date: '2026-12-02',
  start: Date.parse('2026-12-02T19:30:00+05:30'),
  end: Date.parse('2026-12-02T22:00:00+05:30'),
}
/** The member's device saved at `now`, as their savePushSubscription call would. */
const subscribe = (firestore: Firestore, uid: string, input: PushSubscriptionInput, now: number) =>
  saveSubscription({ firestore, now: clockAt(now), pushStandin: undefined }, { uid }, input)

function world(answers: Record<string, number[]> = {}, clock: () => number = Date.now) {
  const firestore = new FakeFirestore(clock)
  const sent: { endpoint: string; payload: string; options: PushOptions }[] = []
  const pusher = async (target: PushTarget, payload: string, options: PushOptions): Promise<PushAnswer> => {
    const status = answers[target.endpoint]?.shift() ?? 201
    if (status === 201) sent.push({ endpoint: target.endpoint, payload, options })
    return { status }
  }
  const at = (now: number) => ({ firestore: firestore.asFirestore, pusher: () => pusher, now: () => new Date(now) })
  return { firestore, db: firestore.asFirestore, sent, at }
}

const notification = (over: Partial<Notification> = {}): Notification => ({
  id: 'order-1_day-reminder',
  uid: 'asha',
  kind: 'reminder',
  title: 'Today: Wednesday Dinner',
  body: 'Doors open at 7:30 PM.',
  url: '/my-bookings/order-1',
  tag: 'reminder-wednesday-dinner-2026-12-02',
  critical: false,
  until: REMINDED_EVENING.start,
  ...over,
})

describe('quiet hours', () => {
  it('hold what can wait until 08:00 IST, and nothing that cannot', () => {
    expect(pushDueAt(AFTERNOON, false)).toBe(AFTERNOON)
    expect(pushDueAt(NIGHT, false)).toBe(Date.parse('2026-12-02T08:00:00+05:30'))
    expect(pushDueAt(Date.parse('2026-12-02T06:10:00+05:30'), false)).toBe(Date.parse('2026-12-02T08:00:00+05:30'))
    expect(pushDueAt(NIGHT, true)).toBe(NIGHT)
  })
})

describe('notices and their pushes', () => {
  it('tell once, and push to each of the member’s devices, never to another member’s', async () => {
    const { db, sent, at } = world()
    await subscribe(db, 'asha', device(1), AFTERNOON)
    await subscribe(db, 'asha', device(2), AFTERNOON)
    await subscribe(db, 'bela', device(3), AFTERNOON)
    expect(await tell(db, notification(), AFTERNOON)).toBe(true)
    expect(await tell(db, notification(), AFTERNOON)).toBe(false)
    expect(await deliverPushes(at(AFTERNOON))).toMatchObject({ due: 1, sent: 1 })
    expect(sent.map((s) => s.endpoint).sort()).toEqual([device(1).endpoint, device(2).endpoint])
    expect(JSON.parse(sent[0]!.payload)).toEqual({
      title: 'Today: Wednesday Dinner',
      body: 'Doors open at 7:30 PM.',
      url: '/my-bookings/order-1',
      tag: 'reminder-wednesday-dinner-2026-12-02',
    })
    expect(await deliverPushes(at(AFTERNOON + 60_000))).toMatchObject({ due: 0 })
    expect(sent).toHaveLength(2)
  })

  it('hold a reminder told at night until 08:00, and push an offer at once', async () => {
    const { db, sent, at } = world()
    await subscribe(db, 'asha', device(1), NIGHT)
    await tell(db, notification(), NIGHT)
    await tell(db, notification({ id: 'offer-1', kind: 'offer', critical: true, tag: 'offer-x' }), NIGHT)
    await deliverPushes(at(NIGHT + 60_000))
    expect(sent.map((s) => JSON.parse(s.payload).tag)).toEqual(['offer-x'])
    await deliverPushes(at(Date.parse('2026-12-02T07:59:00+05:30')))
    expect(sent).toHaveLength(1)
    await deliverPushes(at(Date.parse('2026-12-02T08:00:00+05:30')))
    expect(sent.map((s) => JSON.parse(s.payload).tag)).toEqual(['offer-x', 'reminder-wednesday-dinner-2026-12-02'])
  })

  it('remove a device the push service no longer knows (410), and retry a busy one (429) alone', async () => {
    const { firestore, db, sent, at } = world({
      [device(1).endpoint]: [410],
      [device(2).endpoint]: [429, 201],
      [device(3).endpoint]: [201],
    })
    for (const n of [1, 2, 3]) await subscribe(db, 'asha', device(n), AFTERNOON)
    await tell(db, notification(), AFTERNOON)
    expect(await deliverPushes(at(AFTERNOON))).toMatchObject({ retrying: 1 })
    expect(Object.values(firestore.dump('push_subscriptions')).map((d) => d.endpoint)).not.toContain(device(1).endpoint)
    expect(sent.map((s) => s.endpoint)).toEqual([device(3).endpoint])
    await deliverPushes(at(AFTERNOON + 10_000))
    expect(sent).toHaveLength(1) // not due again yet
    await deliverPushes(at(AFTERNOON + 31_000))
    expect(sent.map((s) => s.endpoint)).toEqual([device(3).endpoint, device(2).endpoint])
    expect(firestore.read('notices/order-1_day-reminder')).toMatchObject({ push_state: 'sent' })
  })

  it('do not push a kind the member turned off (it stays in the list)', async () => {
    const { firestore, db, sent, at } = world()
    await subscribe(db, 'asha', device(1), AFTERNOON)
    await saveSettings({ firestore: db, now: clockAt(AFTERNOON) }, { uid: 'asha' }, { off: ['reminder'] })
    await tell(db, notification(), AFTERNOON)
    await deliverPushes(at(AFTERNOON))
    expect(sent).toHaveLength(0)
    expect(firestore.read('notices/order-1_day-reminder')).toMatchObject({ push_state: 'off', read: false })
  })

  it('refuse an endpoint that is not a push service, and forget everything with the account', async () => {
    const { firestore, db } = world()
    await expect(
      subscribe(db, 'asha', { endpoint: 'https://evil.example/collect', keys: KEYS }, AFTERNOON),
    ).rejects.toThrow('This push service is not one Yaari sends to.')
    await expect(
      subscribe(db, 'asha', { endpoint: 'http://127.0.0.1:8083/push/x', keys: KEYS }, AFTERNOON),
    ).rejects.toThrow('not one Yaari sends to')
    await saveSubscription(
      { firestore: db, now: clockAt(AFTERNOON), pushStandin: 'http://127.0.0.1:8083' },
      { uid: 'asha' },
      { endpoint: 'http://127.0.0.1:8083/push/x', keys: KEYS },
    )
    await tell(db, notification(), AFTERNOON)
    await saveSettings({ firestore: db, now: clockAt(AFTERNOON) }, { uid: 'asha' }, { off: ['how-was'] })
    await forgetNotifications(db, 'asha')
    expect(firestore.dump('push_subscriptions')).toEqual({})
    expect(firestore.dump('notices')).toEqual({})
    expect(firestore.dump('notice_settings')).toEqual({})
  })

  it('give each tag its own Topic, alert again for a time-critical one, and keep an offer no longer than it lasts', async () => {
    const { db, sent, at } = world()
    await subscribe(db, 'asha', device(1), AFTERNOON)
    await tell(db, notification({ id: 'a', tag: 'venue-wednesday-dinner-2026-12-02' }), AFTERNOON)
    await tell(db, notification({ id: 'b', tag: 'group-wednesday-dinner-2026-12-02' }), AFTERNOON)
    const until = AFTERNOON + 10 * 60_000
    await tell(db, notification({ id: 'c', kind: 'offer', critical: true, tag: 'offer-x', until }), AFTERNOON)
    await deliverPushes(at(AFTERNOON))
    const byTag = Object.fromEntries(sent.map((s) => [JSON.parse(s.payload).tag, s]))
    expect(byTag['venue-wednesday-dinner-2026-12-02']!.options.topic).not.toBe(
      byTag['group-wednesday-dinner-2026-12-02']!.options.topic,
    )
    expect(byTag['venue-wednesday-dinner-2026-12-02']!.options.topic).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(JSON.parse(byTag['offer-x']!.payload).renotify).toBe(true)
    expect(byTag['offer-x']!.options).toMatchObject({ ttlSeconds: 600, urgency: 'high' })
    expect(JSON.parse(byTag['venue-wednesday-dinner-2026-12-02']!.payload).renotify).toBeUndefined()
  })

  it('push an offer first, never once it has ended, and hold a retry that falls in quiet hours until 08:00', async () => {
    const { db, sent, at, firestore } = world({ [device(1).endpoint]: [503] })
    await subscribe(db, 'asha', device(1), AFTERNOON)
    const evening = Date.parse('2026-12-01T21:59:30+05:30')
    await tell(db, notification(), evening)
    await deliverPushes(at(evening)) // 503: tried again in 30 s, by then 22:00
    expect(sent).toHaveLength(0)
    await deliverPushes(at(evening + 31_000))
    expect(sent).toHaveLength(0)
    expect(firestore.read('notices/order-1_day-reminder')).toMatchObject({
      push_due_at: Date.parse('2026-12-02T08:00:00+05:30'),
    })
    await tell(
      db,
      notification({ id: 'late', kind: 'offer', critical: true, tag: 'offer-late', until: evening + 60_000 }),
      evening,
    )
    await deliverPushes(at(evening + 2 * 60_000))
    expect(sent).toHaveLength(0)
    expect(firestore.read('notices/late')).toMatchObject({ push_state: 'expired' })
    await deliverPushes(at(Date.parse('2026-12-02T08:00:00+05:30')))
    expect(sent.map((s) => JSON.parse(s.payload).tag)).toEqual(['reminder-wednesday-dinner-2026-12-02'])
  })

  it('drop a device made for another VAPID key (403), and refuse an endpoint written another way than a browser writes it', async () => {
    const { firestore, db, at } = world({ [device(1).endpoint]: [403] })
    await subscribe(db, 'asha', device(1), AFTERNOON)
    await tell(db, notification(), AFTERNOON)
    await deliverPushes(at(AFTERNOON))
    expect(firestore.dump('push_subscriptions')).toEqual({})
    for (const endpoint of [
      'https://fcm.googleapis.com:443/fcm/send/x',
      'https://FCM.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com\\@evil.example/x',
    ]) {
      await expect(subscribe(db, 'asha', { endpoint, keys: KEYS }, AFTERNOON)).rejects.toThrow('not one Yaari sends to')
    }
  })
})

describe('a notice no longer true', () => {
  it('each kind lasts as long as what it says: an offer, the evening’s start, its end, the feedback window, a day', () => {
    const said = Date.parse('2026-12-02T09:00:00+05:30')
    const about = { evening: REMINDED_EVENING }
    expect(notificationUntil('reminder', said, about)).toBe(REMINDED_EVENING.start)
    expect(notificationUntil('group', said, about)).toBe(REMINDED_EVENING.start)
    expect(notificationUntil('venue', said, about)).toBe(REMINDED_EVENING.end)
    expect(notificationUntil('host-message', said, about)).toBe(REMINDED_EVENING.end)
    expect(notificationUntil('offer', said, { ...about, offerEnds: said + 30 * 60_000 })).toBe(said + 30 * 60_000)
    // "How was it?" while feedback is taken: seven days from 10:00 IST the morning after.
    expect(notificationUntil('how-was', said, about)).toBe(Date.parse('2026-12-10T10:00:00+05:30'))
    for (const kind of ['connection', 'cancelled', 'account'] as const)
      expect(notificationUntil(kind, said, about), kind).toBe(said + 86_400_000)
  })

  it('is not pushed: a reminder held by quiet hours past its evening stays in the list, unsaid on the phone', async () => {
    const { db, sent, at, firestore } = world()
    await subscribe(db, 'asha', device(1), NIGHT)
    // An evening that starts at 00:30 IST, reminded at 23:30: quiet hours hold it until 08:00.
    const late = {
      date: '2026-12-02',
      start: Date.parse('2026-12-02T00:30:00+05:30'),
      end: Date.parse('2026-12-02T03:00:00+05:30'),
    }
    await tell(
      db,
      notification({ id: 'late-reminder', until: notificationUntil('reminder', NIGHT, { evening: late }) }),
      NIGHT,
    )
    expect(await deliverPushes(at(Date.parse('2026-12-02T08:00:00+05:30')))).toMatchObject({
      due: 1,
      expired: 1,
      sent: 0,
    })
    expect(sent).toHaveLength(0)
    expect(firestore.read('notices/late-reminder')).toMatchObject({
      push_state: 'expired',
      title: 'Today: Wednesday Dinner',
    })
    expect(firestore.read('notices/late-reminder')).not.toHaveProperty('push_due_at')
  })
})

describe('a push attempt, claimed on the queue mail shares', () => {
  it('is never taken over by a run made "as of" a later day while it is being made: the lease runs on Firestore\'s clock', async () => {
    let server = AFTERNOON
    const { firestore, db, sent, at } = world({}, () => server)
    await subscribe(db, 'asha', device(1), AFTERNOON)
    await tell(db, notification({ until: undefined }), AFTERNOON)
    // Another run claimed attempt 1 a moment ago and is pushing it now.
    await firestore.asFirestore.doc('notices/order-1_day-reminder/attempts/1').create({ started_at: AFTERNOON })
    // A run whose clock says 60 days later pushes nothing, and counts no attempt.
    const later = AFTERNOON + 60 * 86_400_000
    expect(await deliverPushes(at(later))).toMatchObject({ due: 1, sent: 0 })
    expect(sent).toHaveLength(0)
    expect(firestore.read('notices/order-1_day-reminder')).toMatchObject({ push_attempts: 0, push_state: 'due' })
    // Once the server's own clock passes the lease, the cut-off attempt is counted and the next run pushes it.
    server += 2 * 60_000 + 1
    await deliverPushes(at(server))
    expect(await deliverPushes(at(server))).toMatchObject({ sent: 1 })
    expect(sent).toHaveLength(1)
    expect(firestore.read('notices/order-1_day-reminder')).toMatchObject({ push_attempts: 2, push_state: 'sent' })
  })

  it('goes with the account: a deleted member leaves no notice nor attempt behind', async () => {
    const { firestore, db, at } = world({ [device(1).endpoint]: [503] })
    await subscribe(db, 'asha', device(1), AFTERNOON)
    await tell(db, notification({ until: undefined }), AFTERNOON)
    expect(await deliverPushes(at(AFTERNOON))).toMatchObject({ retrying: 1 })
    expect(firestore.read('notices/order-1_day-reminder/attempts/1')).toMatchObject({ outcome: 'failed' })
    await forgetNotifications(db, 'asha')
    expect(firestore.read('notices/order-1_day-reminder')).toBeUndefined()
    expect(firestore.read('notices/order-1_day-reminder/attempts/1')).toBeUndefined()
  })
})

describe('a document in the push queue that holds no notice', () => {
  it('is never pushed, and leaves the queue (marked failed) instead of taking a place in every run', async () => {
    const { firestore, db, sent, at } = world()
    await subscribe(db, 'asha', device(1), AFTERNOON)
    await firestore.asFirestore.doc('notices/odd').set({ uid: 'asha', critical: false, push_due_at: AFTERNOON })
    expect(await deliverPushes(at(AFTERNOON))).toMatchObject({ due: 1, failed: 1, sent: 0 })
    expect(sent).toHaveLength(0)
    expect(firestore.read('notices/odd')).toMatchObject({ push_state: 'failed' })
    expect(firestore.read('notices/odd')).not.toHaveProperty('push_due_at')
  })
})
