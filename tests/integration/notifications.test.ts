/**
 * Notices and Web Push against the running stack: the callables through the public API (as the
 * app calls them), the jobs' steps in this process on a chosen clock (as mail.test.ts does), and the
 * push-service stand-in, which checks each push's VAPID signature and decrypts it (RFC 8291) with
 * the device's keys. A booking's news reaches its member's device alone; a reminder told at night
 * waits for 08:00 IST; an offer is pushed at once; a device the service dropped (410) is removed; a
 * kind turned off is listed, not pushed; a deleted account leaves no device and no notice.
 */
import { deleteMyAccountCall } from '@yaari/domain/account'
import { seatsCollectionPath } from '@yaari/domain/availability'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import {
  listNotificationsCall,
  markNotificationsReadCall,
  NOTIFICATION_MESSAGES,
  type PushPayload,
  removePushSubscriptionCall,
  saveNotificationSettingsCall,
  savePushSubscriptionCall,
} from '@yaari/domain/notifications'
import { afterAll, describe, expect, it } from 'vitest'
import { DEV_VAPID_KEYS, pushControl, stackPorts, standinControl } from '../../dev/lib/config.mjs'
import type { BookingRecord } from '../../functions/src/lib/data/bookings'
import type { MailKind } from '../../functions/src/lib/data/mail'
import { mailId } from '../../functions/src/lib/data/mail'
import { webPusher } from '../../functions/src/lib/push'
import { smtpTransport } from '../../functions/src/lib/smtp'
import { cancelBooking } from '../../functions/src/services/bookings/cancel'
import { createBooking } from '../../functions/src/services/bookings/create'
import { reconcileBooking } from '../../functions/src/services/bookings/reconcile'
import { deliverOne, queueMail } from '../../functions/src/services/mail/outbox'
import { deliverPushes } from '../../functions/src/services/notifications/deliver'
import { saveSubscription } from '../../functions/src/services/notifications/member-notifications'
import { joinWaitlist } from '../../functions/src/services/waitlist/line'
import { callFunction } from '../../src/lib/firebase'
import {
  adminDb,
  bookableDates,
  bookingMember,
  callAnything,
  failure,
  profiledMember,
  signInAs,
  signOutMember,
  signUpFreshMember,
  stackDeps,
} from './helpers'
import { ownEvents } from './own-events'

// Events of this file's own (own-events.ts): files run side by side never share a date.
const { firstHello, midweekDinner, sundayMixer } = await ownEvents('firstHello', 'midweekDinner', 'sundayMixer')

afterAll(signOutMember)

const STANDIN = `http://127.0.0.1:${stackPorts().push}`
const IST = 330 * 60_000
const HOUR = 3_600_000
/** The next 14:00 IST from now: a clock outside quiet hours, whatever the hour the suite runs at. */
const DAYTIME = (() => {
  const now = Date.now()
  const day = Math.floor((now + IST) / (24 * HOUR)) * 24 * HOUR - IST
  const at = day + 14 * HOUR
  return at > now ? at : at + 24 * HOUR
})()

interface Device {
  id: string
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/** A device as the push stand-in makes it (a browser's PushSubscription.toJSON()). */
async function device(): Promise<Device> {
  const response = await pushControl('/subscriptions', { body: { applicationServerKey: DEV_VAPID_KEYS.publicKey } })
  expect(response.status).toBe(201)
  return (await response.json()) as Device
}
/** What the app sends: the subscription as a browser's toJSON() gives it. */
const asSubscription = ({ endpoint, keys }: Device) => ({ endpoint, expirationTime: null, keys })

/** What a device received, decrypted by the stand-in with its keys. */
async function received(of: Device): Promise<PushPayload[]> {
  const response = await pushControl(`/subscriptions/${of.id}/messages`, { method: 'GET' })
  const { messages } = (await response.json()) as { messages: { json: PushPayload }[] }
  return messages.map((message) => message.json)
}

const pushDeps = (now: number) => ({
  firestore: adminDb(),
  pusher: () => webPusher(() => ({ subject: 'mailto:hello@yaari.local', ...DEV_VAPID_KEYS })),
  pushStandin: STANDIN,
  now: () => new Date(now),
})
const mailDeps = (now: number) => ({
  ...stackDeps({ now: () => new Date(now) }),
  mailer: () => ({
    transport: smtpTransport(`smtp://127.0.0.1:${stackPorts().mailSmtp}`),
    from: 'Yaari <hello@yaari.test>',
  }),
})

/** Sends a booking's queued mail as of `now`: the mail, and the notice it makes. */
const deliver = (orderId: string, kind: MailKind, now: number) => deliverOne(mailDeps(now), mailId(orderId, kind))

/** A paid, confirmed booking of `date` by the member `uid` (their address to createBooking: `<uid>@example.test`). */
async function paidFor({ uid }: { uid: string }, eventId: string, date: string) {
  // A test account, which books without a verified mobile (as the stack's callables let it).
  const member = { uid, email: `${uid}@example.test`, skipsMobileCheck: true }
  const { order_id: orderId } = await createBooking(stackDeps(), member, bookingRequest(eventId, date))
  expect((await standinControl(`/orders/${orderId}/pay`)).ok).toBe(true)
  const booking = await reconcileBooking(stackDeps(), orderId)
  expect(booking?.status).toBe('confirmed')
  return booking as BookingRecord
}

/** A member signed in through the web SDK, with a profile (so they may book), and their phone, turned on for push. */
async function memberWithPhone() {
  const member = await bookingMember()
  const phone = await device()
  await callFunction(savePushSubscriptionCall, asSubscription(phone))
  return { member, phone }
}

const devicesOf = async (uid: string) =>
  (await adminDb().collection('push_subscriptions').where('uid', '==', uid).get()).docs.map((doc) =>
    doc.get('endpoint'),
  )

describe('devices through the public API', () => {
  it('take a push service’s address only, and only its owner removes it; a visitor is refused', async () => {
    const owner = await signUpFreshMember()
    const phone = await device()
    await expect(callFunction(savePushSubscriptionCall, asSubscription(phone))).resolves.toEqual({ saved: true })
    const evil = await failure(
      callFunction(savePushSubscriptionCall, { ...asSubscription(phone), endpoint: 'https://collector.example/push' }),
    )
    expect(evil.code).toBe('functions/invalid-argument')
    expect(evil.message).toBe(NOTIFICATION_MESSAGES.unknownPushService)
    expect(await devicesOf(owner.uid)).toEqual([phone.endpoint])

    const other = await signUpFreshMember()
    await expect(callFunction(removePushSubscriptionCall, { endpoint: phone.endpoint })).resolves.toEqual({
      removed: false,
    })
    expect(await devicesOf(owner.uid)).toEqual([phone.endpoint])

    // Their own device, turned off (or signed out of, which calls the same): gone.
    const theirs = await device()
    await callFunction(savePushSubscriptionCall, asSubscription(theirs))
    expect(await devicesOf(other.uid)).toEqual([theirs.endpoint])
    await expect(callFunction(removePushSubscriptionCall, { endpoint: theirs.endpoint })).resolves.toEqual({
      removed: true,
    })
    expect(await devicesOf(other.uid)).toEqual([])

    await signOutMember()
    expect((await failure(callFunction(listNotificationsCall, {}))).code).toBe('functions/unauthenticated')
    expect((await failure(callFunction(savePushSubscriptionCall, asSubscription(phone)))).code).toBe(
      'functions/unauthenticated',
    )
  })
})

describe('a device another account turns notifications on for (an insider with its address)', () => {
  it('moves to that account, which is told so; the first account is told in its list, and its "Turn off" leaves the device alone', async () => {
    const first = await signUpFreshMember()
    const firstEmail = first.email!
    const phone = await device()
    await callFunction(savePushSubscriptionCall, asSubscription(phone))
    const second = await signUpFreshMember()
    await expect(callFunction(savePushSubscriptionCall, asSubscription(phone))).resolves.toEqual({
      saved: true,
      moved: true,
    })
    expect(await devicesOf(first.uid)).toEqual([])
    expect(await devicesOf(second.uid)).toEqual([phone.endpoint])
    // Saved again by the same account: nothing moves, nobody is told.
    await expect(callFunction(savePushSubscriptionCall, asSubscription(phone))).resolves.toEqual({ saved: true })

    await signInAs({ email: firstEmail })
    const { notices } = await callFunction(listNotificationsCall, {})
    expect(notices.map((notice) => [notice.kind, notice.title])).toEqual([
      ['account', 'Notifications moved to another account'],
    ])
    expect(notices[0]!.detail).toMatch(/^Someone signed in to Yaari on a phone or browser/)
    await expect(callFunction(removePushSubscriptionCall, { endpoint: phone.endpoint })).resolves.toEqual({
      removed: false,
    })
    expect(await devicesOf(second.uid)).toEqual([phone.endpoint])
  })
})

describe('requests the calendar or the shape refuses', () => {
  it('a list instead of a request, and a day no calendar has', async () => {
    await signUpFreshMember()
    for (const contract of [listNotificationsCall, markNotificationsReadCall]) {
      const refused = await failure(callAnything(contract, []))
      expect([refused.code, refused.message]).toEqual([
        'functions/invalid-argument',
        'A request is a set of named fields, not a list.',
      ])
    }
    for (const upTo of ['2026-02-30T10:00:00Z', '2026-11-31T10:00:00Z']) {
      const refused = await failure(callFunction(markNotificationsReadCall, { upTo }))
      expect([refused.code, refused.message]).toEqual([
        'functions/invalid-argument',
        'upTo: Give the time as an ISO timestamp.',
      ])
    }
  })
})

describe('a booking’s news', () => {
  const event = sundayMixer
  const date = bookableDates(event)[3]!

  it('is pushed, encrypted, to its member’s device alone, and listed the same under the bell', async () => {
    const other = await signUpFreshMember()
    const otherPhone = await device()
    await callFunction(savePushSubscriptionCall, asSubscription(otherPhone))
    const { member, phone } = await memberWithPhone()
    expect(other.uid).not.toBe(member.uid)

    const booking = await paidFor(member, event.id, date)
    expect(await deliver(booking.order_id, 'booking-confirmed', DAYTIME)).toBe('sent')
    await deliverPushes(pushDeps(DAYTIME))

    const [payload, ...more] = await received(phone)
    expect(more).toEqual([])
    expect(payload).toEqual({
      title: `Booked: ${event.title}`,
      body: expect.stringContaining('Your ticket is in the app.'),
      url: `/my-bookings/${booking.order_id}`,
      tag: `booking-${event.id}-${date}`,
    })
    expect(await received(otherPhone)).toEqual([])

    const list = await callFunction(listNotificationsCall, {})
    expect(list.unread).toBe(1)
    expect(list.notices).toEqual([
      expect.objectContaining({
        kind: 'account',
        title: payload!.title,
        body: payload!.body,
        url: payload!.url,
        read: false,
      }),
    ])
    // Opened: that one is read. Then all up to a time.
    const id = list.notices[0]!.id
    await expect(callFunction(markNotificationsReadCall, { id })).resolves.toEqual({ unread: 0 })
    expect((await callFunction(listNotificationsCall, {})).notices[0]?.read).toBe(true)
    await adminDb().doc(`notices/${id}`).update({ read: false })
    await expect(callFunction(markNotificationsReadCall, { upTo: list.notices[0]!.at })).resolves.toEqual({ unread: 0 })
    expect((await callFunction(listNotificationsCall, {})).notices[0]?.read).toBe(true)

    // The other member's list holds none of it, and they cannot mark it.
    await adminDb().doc(`notices/${id}`).update({ read: false })
    await signOutMember()
    await signUpFreshMember()
    expect((await callFunction(listNotificationsCall, {})).notices).toEqual([])
    await expect(callFunction(markNotificationsReadCall, { id })).resolves.toEqual({ unread: 0 })
    expect((await adminDb().doc(`notices/${id}`).get()).get('read')).toBe(false)
    expect((await failure(callFunction(markNotificationsReadCall, { id, upTo: list.notices[0]!.at }))).code).toBe(
      'functions/invalid-argument',
    )
  })

  it('told at night waits for 08:00 IST (a reminder); a kind turned off is listed, never pushed', async () => {
    const { member, phone } = await memberWithPhone()
    const booking = await paidFor(member, event.id, date)

    // The night before the date, 23:00 IST: the day's reminder is told (queued as the reminders job queues it).
    const night = Date.parse(`${date}T23:00:00+05:30`) - 24 * HOUR
    const morning = Date.parse(`${date}T08:00:00+05:30`)
    expect(night).toBeGreaterThan(Date.now())
    await queueMail(adminDb(), booking, 'day-reminder', night)
    expect(await deliver(booking.order_id, 'day-reminder', night)).toBe('sent')
    await deliverPushes(pushDeps(night + 5 * 60_000))
    await deliverPushes(pushDeps(morning - 60_000))
    expect(await received(phone)).toEqual([])
    await deliverPushes(pushDeps(morning))
    expect(await received(phone)).toEqual([
      expect.objectContaining({ title: `Today: ${event.title}`, url: `/my-bookings/${booking.order_id}` }),
    ])

    // The member turns off "Bookings, payments and your account": a cancellation is listed, not pushed.
    await expect(callFunction(saveNotificationSettingsCall, { off: ['account'] })).resolves.toEqual({
      off: ['account'],
    })
    await cancelBooking(stackDeps(), { uid: member.uid }, { orderId: booking.order_id })
    expect(await deliver(booking.order_id, 'booking-cancelled', DAYTIME)).toBe('sent')
    await deliverPushes(pushDeps(DAYTIME))
    expect((await received(phone)).map((p) => p.title)).toEqual([`Today: ${event.title}`])
    const { notices, off } = await callFunction(listNotificationsCall, {})
    expect(off).toEqual(['account'])
    expect(notices.map((n) => n.title)).toContain('Booking cancelled')
  })
})

describe('a seat offered from the waitlist', () => {
  const event = firstHello // 10 seats
  const date = bookableDates(event)[5]!

  it('is pushed at once, whatever the hour, to the member waiting', async () => {
    const seats = adminDb().collection(seatsCollectionPath(event.id, date))
    await Promise.all(
      Array.from({ length: event.capacity - 1 }, (_, i) =>
        seats.doc(String(event.capacity - i)).create({ order_id: `taken_${i}`, user_id: 'someone', status: 'taken' }),
      ),
    )
    const holder = await profiledMember()
    const held = await paidFor(holder, event.id, date)
    const waiting = await profiledMember()
    const phone = await device()
    await saveSubscription({ firestore: adminDb(), pushStandin: STANDIN }, waiting, asSubscription(phone))
    await joinWaitlist(stackDeps(), waiting, { eventId: event.id, eventDate: date })
    await cancelBooking(stackDeps(), holder, { orderId: held.order_id })
    const offer = (await adminDb().doc(`waitlist/${event.id}_${date}_${waiting.uid}`).get()).data()
    expect(offer?.status).toBe('offered')

    const now = Date.now()
    await deliverOne(mailDeps(now), mailId(String(offer?.offer_order_id), 'waitlist-offer'))
    await deliverPushes(pushDeps(now))
    expect(await received(phone)).toEqual([
      {
        title: `A seat is yours: ${event.title}`,
        body: expect.stringMatching(/held for you until .+ IST\. Book it before then\./),
        url: `/events/${event.id}`,
        tag: `offer-${event.id}-${date}`,
        // Time-critical: replacing an earlier notice of its tag, it alerts again.
        renotify: true,
      },
    ])
    const notice = (
      await adminDb().collection('notices').where('uid', '==', waiting.uid).where('kind', '==', 'offer').get()
    ).docs[0]?.data()
    expect(notice).toMatchObject({ critical: true, push_state: 'sent' })
  })
})

describe('devices that go', () => {
  const event = midweekDinner
  const date = bookableDates(event)[4]!

  it('a device the push service dropped (410) is removed at the first push', async () => {
    const { member, phone } = await memberWithPhone()
    expect((await pushControl(`/subscriptions/${phone.id}/fault`, { body: { answer: 410 } })).ok).toBe(true)
    const booking = await paidFor(member, event.id, date)
    await deliver(booking.order_id, 'booking-confirmed', DAYTIME)
    await deliverPushes(pushDeps(DAYTIME))
    expect(await devicesOf(member.uid)).toEqual([])
    const notice = (await adminDb().collection('notices').where('uid', '==', member.uid).get()).docs[0]?.data()
    expect(notice).toMatchObject({ push_state: 'none' })
  })

  it('a deleted account leaves no device, no notice and no settings', async () => {
    const { member } = await memberWithPhone()
    await callFunction(saveNotificationSettingsCall, { off: ['how-was'] })
    const booking = await paidFor(member, event.id, bookableDates(event)[5]!)
    await deliver(booking.order_id, 'booking-confirmed', DAYTIME)
    expect((await adminDb().collection('notices').where('uid', '==', member.uid).get()).size).toBe(1)

    await expect(callFunction(deleteMyAccountCall, {})).resolves.toEqual({ deleted: true })
    expect(await devicesOf(member.uid)).toEqual([])
    expect((await adminDb().collection('notices').where('uid', '==', member.uid).get()).size).toBe(0)
    expect((await adminDb().doc(`notice_settings/${member.uid}`).get()).exists).toBe(false)
  })
})
