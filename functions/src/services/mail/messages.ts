/**
 * The mail about a booking, written from the booking as it stands when it is sent: confirmed, its
 * venue, a reminder, a payment that ended, a refund, a cancellation. Dates and times in IST (en-IN),
 * amounts in rupees. Pure: what goes in decides what comes out, so every kind is unit-tested.
 */
import type { RefundReason, VenueBrief } from '@yaari/domain/booking'
import { TIER_LABELS, type YaariEvent } from '@yaari/domain/catalogue'
import { eventPlace } from '@yaari/domain/event-meta'
import { bookingCalendar } from '@yaari/domain/ics'
import { formatInr } from '@yaari/domain/money'
import { firstNameOf } from '@yaari/domain/names'
import { REFUND_DAYS, REFUND_POLICY, VENUE_SHARED_HOURS_BEFORE } from '@yaari/domain/refund-policy'
import { formatLongDate, formatTime, istToday } from '@yaari/domain/schedule'
import { SITE } from '@yaari/domain/site'
import type { BookingRecord } from '../../lib/data/bookings'
import type { BookingMailKind } from '../../lib/data/mail'
import { mail } from './blocks'
import type { MailContent, MailContext } from './mail-kinds'

export { MAIL_KINDS } from '../../lib/data/mail'

/** Why a refund was made, in the member's words. */
const REFUND_REASONS: Record<RefundReason, string> = {
  'table-full': 'Your payment arrived after your seat hold had ended, and the table had filled meanwhile.',
  duplicate: 'Your payment arrived after your seat hold had ended, and you had already booked this date.',
  'amount-mismatch': 'The amount paid did not match your order.',
  cancelled: 'You cancelled your booking; this is what the refund policy gives back for it.',
  'date-cancelled': 'We cancelled this date; you get back everything you paid.',
  'host-cancelled': 'Your host cancelled your seat; you get back everything you paid.',
  'refunded-by-team': 'Our team has refunded your booking, so your seat is released.',
}

const greeting = (booking: BookingRecord) => {
  const name = firstNameOf(booking.attendee.name)
  return { p: name ? `Hi ${name},` : 'Hi,' }
}

function eventRows(event: YaariEvent, booking: BookingRecord): [string, string][] {
  return [
    ['Event', `${event.title} (${event.kind})`],
    ['Date', formatLongDate(booking.event_date)],
    ['Starts', `${formatTime(event.startTime)} IST`],
  ]
}

/** A row of a mail's table: a label and its value. */
type Row = [label: string, value: string]
/** The row, when there is a value to show. */
const rowIf = (label: string, value: string | undefined): Row[] => (value ? [[label, value]] : [])

function venueRows(brief: VenueBrief): Row[] {
  return [
    ['Venue', brief.venueName],
    ['Address', brief.address],
    ...rowIf('Map', brief.mapsUrl),
    ...rowIf('Notes', brief.notes),
  ]
}

const istDateOf = (ms: number) => istToday(new Date(ms))

const tierLabels: ReadonlyMap<string, string> = new Map(Object.entries(TIER_LABELS))
const tierLabel = (tier: string) => tierLabels.get(tier) ?? tier

/** A cancellation's refund is told in its receipt, a cancelled date's in its notice: no refund mail. */
export const refundToldElsewhere = (booking: Pick<BookingRecord, 'status' | 'refund'>) =>
  booking.status === 'cancelled' || booking.refund?.reason === 'date-cancelled'

/**
 * The mail of `kind` for this booking, or undefined when it no longer applies (a payment-failed
 * mail for a booking that was confirmed after all, a reminder for a booking no longer confirmed).
 */
export function composeMail(
  kind: BookingMailKind,
  { catalogue, booking, appOrigin, brief, now }: MailContext,
): MailContent | undefined {
  const event = catalogue.eventById(booking.event_id)
  if (!event) return undefined
  const myBookings = { link: `${appOrigin}/my-bookings`, label: 'My bookings' }
  const eventPage = { link: `${appOrigin}/events/${event.id}`, label: `Back to ${event.title}` }
  const when = formatLongDate(booking.event_date)

  switch (kind) {
    case 'booking-confirmed': {
      if (booking.status !== 'confirmed') return undefined
      return mail(
        `You're in: ${event.title}, ${when}`,
        [
          greeting(booking),
          { p: `Your seat is booked. We can't wait to see you at ${event.title}.` },
          {
            rows: [
              ...eventRows(event, booking),
              ['Area', eventPlace(catalogue, event)],
              ['Ticket', tierLabel(booking.tier)],
              ['Order id', booking.order_id],
              ['Amount paid', formatInr(booking.amount)],
            ],
          },
          {
            p: `We share the exact venue ${VENUE_SHARED_HOURS_BEFORE} hours before the event, by email and on your ticket in My bookings, and remind you on the day. The calendar file attached adds the evening to your calendar.`,
          },
          {
            heading: 'Refund policy',
            list: [...REFUND_POLICY.tiers.map((tier) => tier.label), REFUND_POLICY.processing],
          },
          myBookings,
        ],
        [
          {
            filename: `yaari-${booking.event_date}.ics`,
            content: bookingCalendar(catalogue, event, booking.event_date, booking.order_id, now),
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          },
        ],
      )
    }
    case 'venue-brief': {
      if (booking.status !== 'confirmed' || !brief) return undefined
      return mail(`Your venue for ${event.title}, ${when}`, [
        greeting(booking),
        { p: `Here is where ${event.title} takes place. Show your ticket in My bookings at the door.` },
        { rows: [...eventRows(event, booking), ...venueRows(brief)] },
        myBookings,
      ])
    }
    case 'venue-changed': {
      if (booking.status !== 'confirmed' || !brief) return undefined
      return mail(`Venue changed: ${event.title}, ${when}`, [
        greeting(booking),
        {
          p: `The venue for ${event.title} has changed. Here is where it now takes place; your ticket in My bookings shows it too.`,
        },
        { rows: [...eventRows(event, booking), ...venueRows(brief)] },
        myBookings,
      ])
    }
    case 'day-reminder': {
      if (booking.status !== 'confirmed') return undefined
      return mail(`Today: ${event.title} at ${formatTime(event.startTime)}`, [
        greeting(booking),
        { p: `${event.title} is tonight. Your ticket and the venue are in My bookings, offline too.` },
        {
          rows: [
            ...eventRows(event, booking),
            ...(brief ? venueRows(brief) : rowIf('Area', eventPlace(catalogue, event))),
          ],
        },
        { heading: 'Before you go', list: event.whatToExpect },
        myBookings,
      ])
    }
    case 'payment-ended': {
      if (booking.status !== 'failed' && booking.status !== 'expired') return undefined
      const why =
        booking.status === 'failed'
          ? 'Your payment did not go through, so the seat we held for you has been released.'
          : 'The seat we held for you was released because the payment was not completed in time.'
      return mail(`Your booking for ${event.title} was not completed`, [
        greeting(booking),
        { p: why },
        { rows: [...eventRows(event, booking), ['Order id', booking.order_id]] },
        {
          p: 'No money was taken for this booking. If your bank shows a debit, it is returned to you automatically.',
        },
        { p: 'Seats may still be open: you can book again.' },
        eventPage,
      ])
    }
    case 'booking-cancelled': {
      if (booking.status !== 'cancelled') return undefined
      const refund = booking.refund
      return mail(`Cancelled: ${event.title}, ${when}`, [
        greeting(booking),
        { p: `Your booking for ${event.title} is cancelled and your seat has been given back.` },
        {
          rows: [
            ...eventRows(event, booking),
            ['Order id', booking.order_id],
            ['Amount paid', formatInr(booking.amount)],
            [
              'Refund',
              refund
                ? `${formatInr(refund.amount)}, within ${REFUND_DAYS} to your original payment method`
                : 'None: cancelled less than 24 hours before the event',
            ],
          ],
        },
        {
          heading: 'Refund policy',
          list: [...REFUND_POLICY.tiers.map((tier) => tier.label), REFUND_POLICY.processing],
        },
        { link: `${appOrigin}/events`, label: 'Find another evening' },
      ])
    }
    case 'date-cancelled': {
      if (booking.status === 'confirmed' || booking.status === 'pending') return undefined
      const refund = booking.refund?.reason === 'date-cancelled' ? booking.refund : undefined
      return mail(`Cancelled by Yaari: ${event.title}, ${when}`, [
        greeting(booking),
        { p: `We are sorry: we have had to cancel ${event.title} on ${when}.` },
        {
          rows: [
            ...eventRows(event, booking),
            ['Order id', booking.order_id],
            refund
              ? [
                  'Refund',
                  `${formatInr(refund.amount)}, all you paid, within ${REFUND_DAYS} to your original payment method`,
                ]
              : ['Payment', 'Nothing was charged; the seat held for you is released.'],
          ],
        },
        { link: `${appOrigin}/events/${event.id}`, label: `Book another date of ${event.title}` },
      ])
    }
    case 'seat-cancelled': {
      if (booking.status !== 'cancelled' || booking.refund?.reason !== 'host-cancelled') return undefined
      return mail(`Your seat is cancelled: ${event.title}, ${when}`, [
        greeting(booking),
        { p: `Your host has cancelled your seat at ${event.title} on ${when}.` },
        {
          rows: [
            ...eventRows(event, booking),
            ['Order id', booking.order_id],
            ...rowIf('Reason', booking.host_cancel_reason),
            [
              'Refund',
              `${formatInr(booking.refund.amount)}, all you paid, within ${REFUND_DAYS} to your original payment method`,
            ],
          ],
        },
        { p: `If you think this is a mistake, write to us at ${SITE.email}.` },
      ])
    }
    case 'how-was': {
      // Asked of a guest who came: their seat is still paid, and the evening is still open.
      if (booking.status !== 'confirmed' || !booking.after_closes_at || now.getTime() >= booking.after_closes_at)
        return undefined
      return mail(`How was ${event.title}?`, [
        greeting(booking),
        { p: `Thank you for coming to ${event.title} on ${when}. How was it?` },
        {
          heading: 'Tell us, in a minute',
          list: [
            'Rate the evening, and tell us what to improve.',
            'Pick anyone you would meet again. Nobody is told who picked them; when two of you pick each other, you both see what the other chose to share.',
            'If someone made you feel unsafe, report them: they are never told who reported.',
          ],
        },
        { p: `This stays open until ${formatLongDate(istDateOf(booking.after_closes_at))}.` },
        { link: `${appOrigin}/my-bookings/${booking.order_id}/after`, label: `How was ${event.title}?` },
      ])
    }
    case 'refund-issued': {
      const refund = booking.refund
      if (refundToldElsewhere(booking)) return undefined
      if (!refund || (refund.status !== 'pending' && refund.status !== 'succeeded')) return undefined
      return mail(`Your refund of ${formatInr(refund.amount)} is on its way`, [
        greeting(booking),
        { p: REFUND_REASONS[refund.reason] },
        {
          rows: [
            ...eventRows(event, booking),
            ['Order id', booking.order_id],
            ['Refund', formatInr(refund.amount)],
            ['Expected', `within ${REFUND_DAYS}, to your original payment method`],
          ],
        },
        myBookings,
      ])
    }
  }
}
