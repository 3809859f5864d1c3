/**
 * The email members get: about a booking (written from the booking as it stands when the mail is
 * sent), a seat offered from a waitlist, a host's message, a moderation notice and the confirmation
 * that an account was deleted. Plain text and simple HTML of the same words, dates and times in IST
 * (en-IN), amounts in rupees. Pure: what goes in decides what comes out, so every kind is unit-tested.
 */

import { ACCOUNT_DATA_MESSAGES, DATA_RETENTION } from '@yaari/domain/account'
import type { RefundReason, VenueBrief } from '@yaari/domain/booking'
import { eventById, type PriceTier, TIER_LABELS, type YaariEvent } from '@yaari/domain/catalogue'
import { bookingCalendar } from '@yaari/domain/ics'
import { formatInr } from '@yaari/domain/money'
import { REFUND_DAYS, REFUND_POLICY, VENUE_SHARED_HOURS_BEFORE } from '@yaari/domain/refund-policy'
import { formatIstClock, formatLongDate, formatTime } from '@yaari/domain/schedule'
import { SITE } from '@yaari/domain/site'
import { OFFER_MINUTES } from '@yaari/domain/waitlist'
import type { BookingRecord } from '../../lib/records'

/** What a member is told about a booking, once per booking each. */
export const MAIL_KINDS = [
  'booking-confirmed',
  'venue-brief',
  'venue-changed',
  'day-reminder',
  'payment-ended',
  'refund-issued',
  'booking-cancelled',
  'date-cancelled',
  'seat-cancelled',
] as const
export type BookingMailKind = (typeof MAIL_KINDS)[number]
/**
 * Every mail: the booking's, the seat offered to a member on a waitlist (once per offer), a host's
 * message to a date's guests, a moderation notice, and the confirmation that an account was deleted.
 */
export type MailKind = BookingMailKind | 'waitlist-offer' | 'account-deleted' | 'host-message' | 'moderation'

export interface MailContent {
  subject: string
  text: string
  html: string
  attachments?: { filename: string; content: string; contentType: string }[]
}

export interface MailContext {
  booking: BookingRecord
  /** The site, e.g. https://yaari.example: where the links in the mail go. */
  appOrigin: string
  /** The date's venue brief, once the team has shared it. */
  brief?: VenueBrief
  now: Date
}

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

/** A paragraph, a list of label-value rows, a link, or a list: the blocks a mail is made of. */
type Block =
  | { p: string }
  | { rows: [label: string, value: string][] }
  | { link: string; label: string }
  | { list: readonly string[]; heading: string }

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

function toText(blocks: Block[]): string {
  const parts = blocks.map((block) => {
    if ('p' in block) return block.p
    if ('rows' in block) return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n')
    if ('link' in block) return `${block.label}: ${block.link}`
    return `${block.heading}\n${block.list.map((item) => `- ${item}`).join('\n')}`
  })
  return `${[...parts, `${SITE.productName} · ${SITE.email} · ${SITE.phone}`].join('\n\n')}\n`
}

function toHtml(title: string, blocks: Block[]): string {
  const body = blocks.map((block) => {
    if ('p' in block) return `<p>${escapeHtml(block.p)}</p>`
    if ('rows' in block) {
      const rows = block.rows
        .map(
          ([label, value]) =>
            `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
        )
        .join('')
      return `<table role="presentation" cellpadding="0" cellspacing="0">${rows}</table>`
    }
    if ('link' in block) return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`
    return `<p>${escapeHtml(block.heading)}</p><ul>${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
  })
  return [
    '<!doctype html>',
    `<html lang="en-IN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1f1f;max-width:560px">',
    ...body,
    `<p style="color:#666">${escapeHtml(SITE.productName)} · ${escapeHtml(SITE.email)} · ${escapeHtml(SITE.phone)}</p>`,
    '</body></html>',
  ].join('\n')
}

function mail(subject: string, blocks: Block[], attachments?: MailContent['attachments']): MailContent {
  return { subject, text: toText(blocks), html: toHtml(subject, blocks), ...(attachments ? { attachments } : {}) }
}

const greeting = (booking: BookingRecord) => {
  const name = typeof booking.attendee.name === 'string' ? booking.attendee.name.trim().split(/\s+/)[0] : ''
  return { p: name ? `Hi ${name},` : 'Hi,' }
}

function eventRows(event: YaariEvent, booking: BookingRecord): [string, string][] {
  return [
    ['Event', `${event.title} (${event.kind})`],
    ['Date', formatLongDate(booking.event_date)],
    ['Starts', `${formatTime(event.startTime)} IST`],
  ]
}

function venueRows(brief: VenueBrief): [string, string][] {
  return [
    ['Venue', brief.venueName],
    ['Address', brief.address],
    ...(brief.mapsUrl ? [['Map', brief.mapsUrl] as [string, string]] : []),
    ...(brief.notes ? [['Notes', brief.notes] as [string, string]] : []),
  ]
}

const tierLabel = (tier: string) => TIER_LABELS[tier as PriceTier] ?? tier

/** A cancellation's refund is told in its receipt, a cancelled date's in its notice: no refund mail. */
export const refundToldElsewhere = (booking: Pick<BookingRecord, 'status' | 'refund'>) =>
  booking.status === 'cancelled' || booking.refund?.reason === 'date-cancelled'

/**
 * The mail of `kind` for this booking, or undefined when it no longer applies (a payment-failed
 * mail for a booking that was confirmed after all, a reminder for a booking no longer confirmed).
 */
export function composeMail(
  kind: BookingMailKind,
  { booking, appOrigin, brief, now }: MailContext,
): MailContent | undefined {
  const event = eventById(booking.event_id)
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
              ['Area', `${event.venueArea}, ${SITE.homeCity}`],
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
            content: bookingCalendar(event, booking.event_date, booking.order_id, now),
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
            ...(brief ? venueRows(brief) : [['Area', `${event.venueArea}, ${SITE.homeCity}`] as [string, string]]),
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
            ...(booking.host_cancel_reason ? [['Reason', booking.host_cancel_reason] as [string, string]] : []),
            [
              'Refund',
              `${formatInr(booking.refund.amount)}, all you paid, within ${REFUND_DAYS} to your original payment method`,
            ],
          ],
        },
        { p: `If you think this is a mistake, write to us at ${SITE.email}.` },
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

/** A waitlist offer as its mail needs it. */
export interface OfferContext {
  eventId: string
  eventDate: string
  name?: string
  expiresAt: Date
  appOrigin: string
}

/** The seat offered to the first member waiting: held until expiresAt, booked from the event page. */
export function composeOfferMail({ eventId, eventDate, name, expiresAt, appOrigin }: OfferContext) {
  const event = eventById(eventId)
  if (!event) return undefined
  const first = name?.trim().split(/\s+/)[0]
  const until = `${formatIstClock(expiresAt)} IST`
  return mail(`A seat is yours: ${event.title}, ${formatLongDate(eventDate)}`, [
    { p: first ? `Hi ${first},` : 'Hi,' },
    {
      p: `A seat has opened up at ${event.title} on ${formatLongDate(eventDate)}, and you are first on the waitlist. We are holding it for you for ${OFFER_MINUTES} minutes, until ${until}.`,
    },
    {
      rows: [
        ['Event', `${event.title} (${event.kind})`],
        ['Date', formatLongDate(eventDate)],
        ['Starts', `${formatTime(event.startTime)} IST`],
        ['Held until', until],
      ],
    },
    {
      p: 'To take it, open the event, choose this date and book as usual. If you do not book by then, the seat goes to the next member waiting.',
    },
    { link: `${appOrigin}/events/${event.id}`, label: `Book ${event.title}` },
    { link: `${appOrigin}/my-bookings`, label: 'My bookings' },
  ])
}

/** A host's message to a date's guests, as the host wrote it, with the date it is about. */
export function composeHostMessage(
  { subject, text, eventId, eventDate }: { subject: string; text: string; eventId: string; eventDate: string },
  appOrigin: string,
): MailContent | undefined {
  const event = eventById(eventId)
  if (!event) return undefined
  return mail(`${subject} (${event.title}, ${formatLongDate(eventDate)})`, [
    ...text.split(/\n{2,}/).map((paragraph) => ({ p: paragraph })),
    { p: `From your host for ${event.title} on ${formatLongDate(eventDate)}. Your ticket is in My bookings.` },
    { link: `${appOrigin}/my-bookings`, label: 'My bookings' },
  ])
}

/** A step of the moderation ladder (or its end), with the reason the member is told. */
export function composeModerationMail(
  notice: { level: 'warning' | 'suspended' | 'banned' | 'none'; until?: string; reason: string },
  appOrigin: string,
): MailContent {
  const guidelines = { link: `${appOrigin}/community`, label: 'Our community guidelines' }
  switch (notice.level) {
    case 'warning':
      return mail(`A first warning from ${SITE.productName}`, [
        { p: 'Hi,' },
        { p: 'This is a first warning under our community guidelines. You can keep booking events.' },
        { rows: [['Reason', notice.reason]] },
        guidelines,
      ])
    case 'suspended':
      return mail(`Your ${SITE.productName} account is suspended until ${formatLongDate(notice.until ?? '')}`, [
        { p: 'Hi,' },
        {
          p: `Your account is suspended until ${formatLongDate(notice.until ?? '')} (inclusive): until then you cannot book events or join a waitlist. Seats you have already paid for stay yours unless your host cancels them, with a full refund.`,
        },
        { rows: [['Reason', notice.reason]] },
        guidelines,
      ])
    case 'banned':
      return mail(`Your ${SITE.productName} account is banned`, [
        { p: 'Hi,' },
        {
          p: 'Your account is permanently banned: you cannot book events or join a waitlist. Seats you have already paid for stay yours unless your host cancels them, with a full refund.',
        },
        { rows: [['Reason', notice.reason]] },
        guidelines,
      ])
    default:
      return mail(`Your ${SITE.productName} account is back in good standing`, [
        { p: 'Hi,' },
        { p: 'The restriction on your account has been lifted: you can book events and join waitlists again.' },
        { rows: [['Note', notice.reason]] },
      ])
  }
}

/** The confirmation that a member's account is deleted, with what is kept and why. */
export function composeAccountDeletedMail({ name, cancelled }: { name?: string; cancelled: number }): MailContent {
  const first = name?.trim().split(/\s+/)[0]
  return mail(`Your ${SITE.productName} account has been deleted`, [
    { p: first ? `Hi ${first},` : 'Hi,' },
    {
      p: `As you asked, we have deleted your ${SITE.productName} account: your profile, photos, waitlist places and unpaid seat holds are gone, and you can no longer sign in.`,
    },
    ...(cancelled > 0
      ? [{ p: `${ACCOUNT_DATA_MESSAGES.upcomingBooking} You will get a separate email for each refund.` }]
      : []),
    { heading: 'What we still keep, and why', list: [DATA_RETENTION.paidBookings, DATA_RETENTION.emails] },
    { p: `If you did not ask for this, reply to this email or write to ${SITE.email} at once.` },
  ])
}
