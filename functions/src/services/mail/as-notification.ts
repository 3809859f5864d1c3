/**
 * What a mail is in the member's notifications (the list under the bell, and a push): the same news in
 * a title and a line, told when the mail is sent (its reason still holds then: see content.ts). The
 * words name the event and its date, never a member or a venue: they may show on a lock screen.
 * A host's message itself, a connection's name and a moderation reason are in `detail`, which only
 * the list in the app shows.
 */
import type { Catalogue } from '@yaari/domain/catalogue'
import type { NotificationKind } from '@yaari/domain/notifications'
import { eventStartInstant, formatIstClock, formatShortDate, formatTime, istToday } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import type { BookingRecord } from '../../lib/data/bookings'
import { readHostMessage } from '../../lib/data/host-messages'
import type { MailKind, MailRecord } from '../../lib/data/mail'
import { readEntryAt } from '../../lib/data/waitlist'
import { type Notification, notificationUntil, tell } from '../notifications/member-notifications'

/** Each mail's kind of notice (what the member may turn off); an account's deletion tells no one. */
const NOTIFICATION_OF: Record<Exclude<MailKind, 'account-deleted'>, NotificationKind> = {
  'waitlist-offer': 'offer',
  'day-reminder': 'reminder',
  'venue-brief': 'venue',
  'venue-changed': 'venue',
  'host-message': 'host-message',
  'how-was': 'how-was',
  connection: 'connection',
  'date-cancelled': 'cancelled',
  'seat-cancelled': 'cancelled',
  'refund-issued': 'cancelled',
  'booking-confirmed': 'account',
  'payment-ended': 'account',
  'booking-cancelled': 'account',
  moderation: 'account',
  'report-reviewed': 'account',
}

/** The member a mail is to: the booking's, the offer's entry's, or the one a notification names (member_{uid}). */
async function memberOf(firestore: Firestore, record: MailRecord, booking: BookingRecord | undefined) {
  if (record.order_id.startsWith('member_')) return record.order_id.slice('member_'.length)
  if (record.kind === 'waitlist-offer' && record.entry) {
    return (await readEntryAt(firestore, record.entry))?.user_id
  }
  return booking?.user_id
}

type Words = Pick<Notification, 'title' | 'body' | 'url' | 'tag'> & { detail?: string; critical?: boolean }

/** The notification's words for a mail about a date (event and date known). */
function dateWords(
  kind: MailKind,
  event: { id: string; title: string; startTime: string },
  date: string,
  booking: BookingRecord | undefined,
  sameDay: boolean,
): Words | undefined {
  const when = formatShortDate(date)
  const ticket = booking ? `/my-bookings/${booking.order_id}` : '/my-bookings'
  const tag = (what: string) => `${what}-${event.id}-${date}`
  switch (kind) {
    case 'day-reminder':
      return {
        title: `Today: ${event.title}`,
        body: `Doors open at ${formatTime(event.startTime)}. Your ticket is ready in the app, even offline.`,
        url: ticket,
        tag: tag('reminder'),
      }
    case 'venue-brief':
      return {
        title: `Venue shared: ${event.title}`,
        body: `Where to go on ${when} is on your ticket.`,
        url: ticket,
        tag: tag('venue'),
      }
    case 'venue-changed':
      return {
        title: `Venue changed: ${event.title}`,
        body: `The venue for ${when} has changed. See where to go on your ticket.`,
        url: ticket,
        tag: tag('venue'),
        critical: sameDay,
      }
    case 'how-was':
      return {
        title: `How was ${event.title}?`,
        body: 'Tell us about last night, and pick who you would like to meet again.',
        url: booking ? `/my-bookings/${booking.order_id}/after` : '/my-bookings',
        tag: tag('how-was'),
      }
    case 'date-cancelled':
      return {
        title: `Cancelled: ${event.title}`,
        body: `${when} is cancelled. Your full refund is on its way.`,
        url: ticket,
        tag: tag('cancelled'),
        critical: sameDay,
      }
    case 'seat-cancelled':
      return {
        title: `Your seat was cancelled: ${event.title}`,
        body: `Your host cancelled your seat for ${when}. Your full refund is on its way.`,
        url: ticket,
        tag: tag('cancelled'),
        critical: sameDay,
      }
    case 'refund-issued':
      return {
        title: 'Your refund is on its way',
        body: `For ${event.title}, ${when}.`,
        url: ticket,
        tag: tag('refund'),
      }
    case 'booking-confirmed':
      return {
        title: `Booked: ${event.title}`,
        body: `${when} at ${formatTime(event.startTime)}. Your ticket is in the app.`,
        url: ticket,
        tag: tag('booking'),
      }
    case 'payment-ended':
      return {
        title: 'Your payment did not go through',
        body: `No seat was booked for ${event.title}, ${when}.`,
        url: `/events/${event.id}`,
        tag: tag('booking'),
      }
    case 'booking-cancelled':
      return {
        title: 'Booking cancelled',
        body: `Your booking for ${event.title}, ${when}, is cancelled.`,
        url: ticket,
        tag: tag('booking'),
      }
    case 'connection':
      return {
        title: 'You have a new connection',
        body: `Someone from ${event.title} on ${when} would like to meet you again too.`,
        url: '/profile/connections',
        tag: tag('connection'),
      }
    case 'report-reviewed':
      // Neutral on a lock screen (someone may see it): the list says what it is about.
      return {
        title: 'An update from Yaari',
        body: 'Open Yaari to read it.',
        detail: `We looked at your report about someone at ${event.title} on ${when}. Thank you for telling us.`,
        url: '/notifications',
        tag: tag('report'),
      }
    default:
      return undefined
  }
}

/** The event and date a mail is about: its booking's, its offer's entry's, or the night it names. */
async function dateOf(firestore: Firestore, record: MailRecord, booking: BookingRecord | undefined) {
  if (record.night) return { eventId: record.night.event_id, date: record.night.event_date }
  if (record.kind === 'waitlist-offer' && record.entry) {
    const entry = await readEntryAt(firestore, record.entry)
    return entry
      ? { eventId: entry.event_id, date: entry.event_date, offerEnds: Number(entry.offer_expires_at) }
      : undefined
  }
  return booking ? { eventId: booking.event_id, date: booking.event_date } : undefined
}

/** The notification a mail makes, or undefined (an account's deletion; a date the catalogue no longer has). */
async function notificationOfMail(
  firestore: Firestore,
  catalogue: Catalogue,
  id: string,
  record: MailRecord,
  booking: BookingRecord | undefined,
  now: number,
): Promise<Notification | undefined> {
  if (record.kind === 'account-deleted') return undefined
  const uid = await memberOf(firestore, record, booking)
  // A deleted account's bookings name no one (forget.ts): nobody is left to tell.
  if (!uid || uid === 'deleted') return undefined
  const kind = NOTIFICATION_OF[record.kind]
  if (record.kind === 'moderation')
    return {
      id,
      uid,
      kind,
      // Neutral on a lock screen: what it is about is in the app and the email.
      title: 'An update from Yaari',
      body: 'Open Yaari to read it.',
      ...(record.notice ? { detail: `About your account: ${record.notice.reason}` } : {}),
      url: '/notifications',
      tag: 'account',
      critical: false,
      until: notificationUntil(kind, now),
    }
  const about = await dateOf(firestore, record, booking)
  const event = about && catalogue.eventById(about.eventId)
  if (!about || !event) return undefined
  const sameDay = about.date === istToday(new Date(now))
  const start = eventStartInstant(about.date, event.startTime).getTime()
  const evening = { date: about.date, start, end: start + event.durationMinutes * 60_000 }
  if (record.kind === 'waitlist-offer') {
    const ends =
      'offerEnds' in about && about.offerEnds ? ` until ${formatIstClock(new Date(about.offerEnds))} IST` : ''
    return {
      id,
      uid,
      kind,
      title: `A seat is yours: ${event.title}`,
      body: `${formatShortDate(about.date)}: held for you${ends}. Book it before then.`,
      url: `/events/${event.id}`,
      tag: `offer-${event.id}-${about.date}`,
      critical: true,
      until: notificationUntil(kind, now, {
        evening,
        ...('offerEnds' in about && about.offerEnds ? { offerEnds: about.offerEnds } : {}),
      }),
    }
  }
  if (record.kind === 'host-message') {
    const message = record.message ? await readHostMessage(firestore, record.message) : undefined
    return {
      id,
      uid,
      kind,
      title: `A message from your host`,
      body: `About ${event.title}, ${formatShortDate(about.date)}. Open Yaari to read it.`,
      ...(message ? { detail: `${message.subject}\n\n${message.text}` } : {}),
      // The message itself is in the list (and the email), not on the ticket.
      url: '/notifications',
      tag: `host-message-${event.id}-${about.date}`,
      critical: sameDay,
      until: notificationUntil(kind, now, { evening }),
    }
  }
  const words = dateWords(record.kind, event, about.date, booking, sameDay)
  if (!words) return undefined
  const detail =
    words.detail ??
    (record.kind === 'connection' && record.night?.name ? `${record.night.name} picked you too.` : undefined)
  return {
    id,
    uid,
    kind,
    ...words,
    ...(detail ? { detail } : {}),
    critical: words.critical ?? false,
    until: notificationUntil(kind, now, { evening }),
  }
}

/** Tells the member what the mail says (once per mail). */
export async function tellMail(...about: Parameters<typeof notificationOfMail>): Promise<void> {
  const notification = await notificationOfMail(...about)
  const [firestore, , , , , now] = about
  if (notification) await tell(firestore, notification, now)
}
