/**
 * What each mail about a booking is in the member's notifications (the list under the bell, and the
 * push): the exact title, line, link and tag for each kind, whether it may break quiet hours, and
 * until when it is true; nothing for an event the catalogue no longer has, a deleted account, or an
 * account's deletion; a title in any script; and days judged in IST, whatever the UTC day. Then a
 * member's own mail: a new connection, a report reviewed and a moderation notice (neutral words on
 * the lock screen, what it is about only in the list), a host's message (its words only in the
 * list), and a waitlist offer with the time it is held until, in IST.
 */
import { catalogueOf } from '@yaari/domain/catalogue'
import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { describe, expect, it } from 'vitest'
import type { MailKind, MailRecord } from '../../lib/data/mail'
import { bookingWorld, EVENT as WORLD_EVENT } from '../../testing/booking-world'
import { FakeFirestore } from '../../testing/fake-firestore'
import { FakeMail } from '../../testing/fake-mail'
import {
  BOOKING,
  DATE,
  DAY,
  DAY_BEFORE,
  END,
  EVENT,
  MORNING_AFTER,
  MORNING_OF,
  mail,
  START,
  suffix,
  told,
  wordsOf,
} from '../../testing/notification-mail'
import { reconcileBooking } from '../bookings/reconcile'
import { deliverMail } from './outbox'

const TICKET = '/my-bookings/order-1'

/** The catalogue with the event renamed, or without it (an event taken out since the booking). */
const catalogueWith = (title?: string) =>
  catalogueOf({
    ...SEED_CATALOGUE,
    events: SEED_CATALOGUE.events.flatMap((event) =>
      event.id !== EVENT.id ? [event] : title === undefined ? [] : [{ ...event, title }],
    ),
  })

/** Each booking mail told at `now`: its notification's kind, title, line and tag; its link (the ticket) and `until` (a day) unless said. */
type Said = { kind: string; title: string; body: string; tag: string; url?: string; now?: number; until?: number }
const SAID: Partial<Record<MailKind, Said>> = {
  'booking-confirmed': {
    kind: 'account',
    title: 'Booked: Midweek Meetup',
    body: 'Wed, 2 Dec at 8:00 PM. Your ticket is in the app.',
    tag: 'booking',
  },
  'venue-brief': {
    kind: 'venue',
    title: 'Venue shared: Midweek Meetup',
    body: 'Where to go on Wed, 2 Dec is on your ticket.',
    tag: 'venue',
    until: END,
  },
  'venue-changed': {
    kind: 'venue',
    title: 'Venue changed: Midweek Meetup',
    body: 'The venue for Wed, 2 Dec has changed. See where to go on your ticket.',
    tag: 'venue',
    until: END,
  },
  'day-reminder': {
    kind: 'reminder',
    title: 'Today: Midweek Meetup',
    body: 'Doors open at 8:00 PM. Your ticket is ready in the app, even offline.',
    tag: 'reminder',
    now: MORNING_OF,
    until: START,
  },
  'payment-ended': {
    kind: 'account',
    title: 'Your payment did not go through',
    body: 'No seat was booked for Midweek Meetup, Wed, 2 Dec.',
    tag: 'booking',
    url: `/events/${EVENT.id}`,
  },
  'refund-issued': {
    kind: 'cancelled',
    title: 'Your refund is on its way',
    body: 'For Midweek Meetup, Wed, 2 Dec.',
    tag: 'refund',
  },
  'booking-cancelled': {
    kind: 'account',
    title: 'Booking cancelled',
    body: 'Your booking for Midweek Meetup, Wed, 2 Dec, is cancelled.',
    tag: 'booking',
  },
  'date-cancelled': {
    kind: 'cancelled',
    title: 'Cancelled: Midweek Meetup',
    body: 'Wed, 2 Dec is cancelled. Your full refund is on its way.',
    tag: 'cancelled',
  },
  'seat-cancelled': {
    kind: 'cancelled',
    title: 'Your seat was cancelled: Midweek Meetup',
    body: 'Your host cancelled your seat for Wed, 2 Dec. Your full refund is on its way.',
    tag: 'cancelled',
  },
  'how-was': {
    kind: 'how-was',
    title: 'How was Midweek Meetup?',
    body: 'Tell us about last night, and pick who you would like to meet again.',
    tag: 'how-was',
    url: '/my-bookings/order-1/after',
    now: MORNING_AFTER,
    // Feedback is taken for seven days from 10:00 IST the morning after.
    until: Date.parse('2026-12-10T10:00:00+05:30'),
  },
}

describe('a mail about a booking, as a notice', () => {
  it.each(Object.entries(SAID))('%s says exactly this, to the booking’s member', async (kind, said) => {
    const { now = DAY_BEFORE, url = TICKET, until = now + DAY, tag, ...words } = said!
    expect(wordsOf(await told(mail(kind as MailKind), now))).toEqual({
      uid: 'asha',
      ...words,
      url,
      tag: `${tag}-${suffix}`,
      critical: false,
      until,
    })
  })

  it('a change on the day itself breaks quiet hours; a venue shared, a refund or the reminder does not', async () => {
    const critical = async (kind: MailKind, now: number) => (await told(mail(kind), now))?.critical
    for (const kind of ['venue-changed', 'date-cancelled', 'seat-cancelled'] as const) {
      expect(await critical(kind, MORNING_OF), kind).toBe(true)
      expect(await critical(kind, DAY_BEFORE), kind).toBe(false)
    }
    for (const kind of ['venue-brief', 'refund-issued', 'booking-cancelled', 'day-reminder'] as const)
      expect(await critical(kind, MORNING_OF), kind).toBe(false)
  })

  it('judges "the day itself" in IST: 00:30 IST on the day is the day (UTC still says the day before), 23:30 IST the night before is not', async () => {
    const justAfterMidnight = Date.parse('2026-12-02T00:30:00+05:30')
    expect(new Date(justAfterMidnight).toISOString().slice(0, 10)).toBe('2026-12-01')
    const cancelled = await told(mail('date-cancelled'), justAfterMidnight)
    expect(cancelled).toMatchObject({ critical: true, push_due_at: justAfterMidnight })
    const nightBefore = Date.parse('2026-12-01T23:30:00+05:30')
    expect(await told(mail('venue-changed'), nightBefore)).toMatchObject({
      critical: false,
      push_due_at: Date.parse('2026-12-02T08:00:00+05:30'),
    })
  })

  it('a booking paid at 00:30 IST on Saturday (Friday 19:00 UTC) for that evening names Saturday, and waits for 08:00', async () => {
    const world = bookingWorld('2026-11-27T19:00:00Z')
    const member = await world.member()
    const date = world.dates[0]!
    expect(date).toBe('2026-11-28')
    const { order_id: orderId } = await world.book(member, date)
    world.gateway.pay(orderId, world.at())
    await reconcileBooking(world.deps, orderId)
    await deliverMail({ ...world.deps, mailer: new FakeMail().mailer })
    expect(world.firestore.read(`notices/${orderId}_booking-confirmed`)).toMatchObject({
      uid: member.uid,
      kind: 'account',
      title: `Booked: ${WORLD_EVENT.title}`,
      body: 'Sat, 28 Nov at 6:00 PM. Your ticket is in the app.',
      url: `/my-bookings/${orderId}`,
      tag: `booking-${WORLD_EVENT.id}-2026-11-28`,
      push_due_at: Date.parse('2026-11-28T08:00:00+05:30'),
    })
  })
})

describe('a mail with no one to tell, or nothing to name', () => {
  it('an event no longer in the catalogue tells nothing, whatever the kind', async () => {
    for (const kind of ['booking-confirmed', 'venue-changed', 'date-cancelled', 'refund-issued'] as const)
      expect(await told(mail(kind), DAY_BEFORE, { catalogue: catalogueWith() }), kind).toBeUndefined()
    // A member's own mail about a night of it (a connection) too.
    const connection = mail('connection', { order_id: 'member_asha', night: { event_id: EVENT.id, event_date: DATE } })
    expect(await told(connection, DAY_BEFORE, { catalogue: catalogueWith() })).toBeUndefined()
  })

  it('an account’s deletion, a deleted account’s booking, and a booking mail without its booking tell nothing', async () => {
    expect(await told(mail('account-deleted', { order_id: 'member_asha' }), DAY_BEFORE)).toBeUndefined()
    expect(
      await told(mail('refund-issued'), DAY_BEFORE, { booking: { ...BOOKING, user_id: 'deleted' } }),
    ).toBeUndefined()
    expect(await told(mail('booking-confirmed'), DAY_BEFORE, { booking: null })).toBeUndefined()
  })
})

describe('a title in any script', () => {
  it('is said as the catalogue spells it, and cut with an ellipsis at the push’s 60 characters', async () => {
    const catalogue = catalogueWith('Chai pe Charchā · चाय पे चर्चा')
    expect(await told(mail('booking-confirmed'), DAY_BEFORE, { catalogue })).toMatchObject({
      title: 'Booked: Chai pe Charchā · चाय पे चर्चा',
      body: 'Wed, 2 Dec at 8:00 PM. Your ticket is in the app.',
    })
    const long = catalogueWith('Midweek Meetup for Book Lovers, Board Gamers and Quiz Fans')
    const cut = await told(mail('seat-cancelled'), DAY_BEFORE, { catalogue: long })
    expect(cut?.title).toBe('Your seat was cancelled: Midweek Meetup for Book Lovers, Bo…')
    expect(String(cut?.title)).toHaveLength(60)
  })
})

/** A member's own mail (a connection, a report's review): named by the member, about a night. */
const memberMail = (kind: MailKind, over: Partial<MailRecord> = {}) =>
  mail(kind, { order_id: 'member_asha', night: { event_id: EVENT.id, event_date: DATE }, ...over })

/** The catalogue without the event (taken out since). */
const withoutEvent = catalogueWith()

describe('a mail to a member, as a notice', () => {
  it('a new connection: neutral on the lock screen, the other member’s name (any script) only in the list', async () => {
    const record = memberMail('connection', { night: { event_id: EVENT.id, event_date: DATE, name: 'Zoë अनन्या' } })
    expect(wordsOf(await told(record, MORNING_AFTER, { booking: null }))).toEqual({
      uid: 'asha',
      kind: 'connection',
      title: 'You have a new connection',
      body: 'Someone from Midweek Meetup on Wed, 2 Dec would like to meet you again too.',
      detail: 'Zoë अनन्या picked you too.',
      url: '/profile/connections',
      tag: `connection-${suffix}`,
      critical: false,
      until: MORNING_AFTER + DAY,
    })
    const unnamed = await told(memberMail('connection'), MORNING_AFTER, { booking: null })
    expect(unnamed).not.toHaveProperty('detail')
  })

  it('a report reviewed: neutral words pushed, what it is about in the list only', async () => {
    expect(wordsOf(await told(memberMail('report-reviewed'), MORNING_AFTER, { booking: null }))).toEqual({
      uid: 'asha',
      kind: 'account',
      title: 'An update from Yaari',
      body: 'Open Yaari to read it.',
      detail: 'We looked at your report about someone at Midweek Meetup on Wed, 2 Dec. Thank you for telling us.',
      url: '/notifications',
      tag: `report-${suffix}`,
      critical: false,
      until: MORNING_AFTER + DAY,
    })
  })

  it('a moderation notice: neutral words pushed, its reason in the list, told even with no event to name', async () => {
    const notice = { level: 'warning' as const, reason: 'Please keep messages to the evening’s plans.' }
    const record = mail('moderation', { order_id: 'member_asha', notice })
    expect(wordsOf(await told(record, DAY_BEFORE, { booking: null, catalogue: withoutEvent }))).toEqual({
      uid: 'asha',
      kind: 'account',
      title: 'An update from Yaari',
      body: 'Open Yaari to read it.',
      detail: 'About your account: Please keep messages to the evening’s plans.',
      url: '/notifications',
      tag: 'account',
      critical: false,
      until: DAY_BEFORE + DAY,
    })
    const bare = await told(mail('moderation', { order_id: 'member_asha' }), DAY_BEFORE, { booking: null })
    expect(bare).toMatchObject({ title: 'An update from Yaari' })
    expect(bare).not.toHaveProperty('detail')
  })

  it('a host’s message: the message itself only in the list, urgent on the day, true until the evening ends', async () => {
    const firestore = new FakeFirestore()
    const message = { subject: 'Running late', text: 'We start at 8:15 PM — see you soon!' }
    await firestore.doc('host_messages/m-1').set({ event_id: EVENT.id, event_date: DATE, at: MORNING_OF, ...message })
    const record = mail('host-message', { message: 'host_messages/m-1' })
    expect(wordsOf(await told(record, MORNING_OF, { firestore }))).toEqual({
      uid: 'asha',
      kind: 'host-message',
      title: 'A message from your host',
      body: 'About Midweek Meetup, Wed, 2 Dec. Open Yaari to read it.',
      detail: 'Running late\n\nWe start at 8:15 PM — see you soon!',
      url: '/notifications',
      tag: `host-message-${suffix}`,
      critical: true,
      until: END,
    })
    // The day before it waits for quiet hours; a message since deleted is told without its words.
    const gone = await told(mail('host-message', { message: 'host_messages/m-2' }), DAY_BEFORE)
    expect(gone).toMatchObject({ critical: false, body: 'About Midweek Meetup, Wed, 2 Dec. Open Yaari to read it.' })
    expect(gone).not.toHaveProperty('detail')
  })

  it('a waitlist offer: urgent, with the time it is held until in IST, and true only until then', async () => {
    const firestore = new FakeFirestore()
    // Offered at 23:10 IST, held until 23:40 IST (18:10 UTC): the member reads IST.
    const offered = Date.parse('2026-11-30T23:10:00+05:30')
    const ends = Date.parse('2026-11-30T23:40:00+05:30')
    const entry = { user_id: 'asha', event_id: EVENT.id, event_date: DATE, joined_at: offered - DAY, status: 'offered' }
    const slot = { wait_slot: 0, attendee: { email: 'asha@example.test', name: 'Asha' } }
    await firestore.doc('waitlist/e-1').set({ ...entry, ...slot, offer_expires_at: ends, offered_at: offered })
    const record = mail('waitlist-offer', { order_id: 'offer-9', entry: 'waitlist/e-1' })
    const notification = await told(record, offered, { firestore, booking: null })
    expect(wordsOf(notification)).toEqual({
      uid: 'asha',
      kind: 'offer',
      title: 'A seat is yours: Midweek Meetup',
      body: 'Wed, 2 Dec: held for you until 11:40 PM IST. Book it before then.',
      url: `/events/${EVENT.id}`,
      tag: `offer-${suffix}`,
      critical: true,
      until: ends,
    })
    expect(notification).toMatchObject({ push_due_at: offered }) // not held by quiet hours
    // An entry without its end says no time, and is true until the evening starts.
    await firestore.doc('waitlist/e-2').set({ ...entry, ...slot })
    const open = await told(mail('waitlist-offer', { entry: 'waitlist/e-2' }), offered, {
      firestore,
      booking: null,
      id: 'mail-2',
    })
    expect(open).toMatchObject({ body: 'Wed, 2 Dec: held for you. Book it before then.', until: START })
  })

  it('an offer held past midnight names only the clock, not the day it ends', async () => {
    const firestore = new FakeFirestore()
    const offered = Date.parse('2026-11-30T23:50:00+05:30')
    const ends = Date.parse('2026-12-01T00:20:00+05:30')
    const entry = { user_id: 'asha', event_id: EVENT.id, event_date: DATE, joined_at: offered - DAY, status: 'offered' }
    const slot = { wait_slot: 0, attendee: { email: 'asha@example.test' }, offer_expires_at: ends }
    await firestore.doc('waitlist/e-1').set({ ...entry, ...slot })
    const notification = await told(mail('waitlist-offer', { entry: 'waitlist/e-1' }), offered, {
      firestore,
      booking: null,
    })
    expect(notification).toMatchObject({ body: 'Wed, 2 Dec: held for you until 12:20 AM IST. Book it before then.' })
  })

  it('tells nothing of an offer whose entry is gone, nor of a message about an event no longer in the catalogue', async () => {
    const gone = mail('waitlist-offer', { entry: 'waitlist/e-9' })
    expect(await told(gone, DAY_BEFORE, { booking: null })).toBeUndefined()
    const message = mail('host-message', { message: 'host_messages/m-1' })
    expect(await told(message, MORNING_OF, { catalogue: withoutEvent })).toBeUndefined()
  })
})
