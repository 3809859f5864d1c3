/**
 * What a queued mail says when it is sent: written from its record and, at that moment, from what
 * it is about (the booking, the offer's waitlist entry, the host's message, the venue brief), so
 * a mail whose reason has gone by then (a seat booked, an offer passed) says nothing and is skipped.
 */
import type { Catalogue } from '@yaari/domain/catalogue'
import type { Firestore } from 'firebase-admin/firestore'
import type { BookingRecord } from '../../lib/data/bookings'
import { readHostMessage } from '../../lib/data/host-messages'
import type { MailKind, MailRecord } from '../../lib/data/mail'
import { readEntryAt } from '../../lib/data/waitlist'
import type { MailContent } from './mail-kinds'
import {
  composeAccountDeletedMail,
  composeConnectionMail,
  composeHostMessage,
  composeModerationMail,
  composeOfferMail,
  composeReportReviewedMail,
} from './member-mail'
import { composeMail } from './messages'
import { readBrief } from './store'

/** What writing a mail needs. */
export interface ContentDeps {
  firestore: Firestore
  /** The published catalogue, read once for the job's run. */
  catalogue: Catalogue
  /** Where links in the mail go, e.g. https://yaari.example */
  appOrigin: string
}

/** A host's message to a guest whose booking is still confirmed (a guest who cancelled since is not written to). */
async function hostMessageContent(deps: ContentDeps, record: MailRecord, booking: BookingRecord | undefined) {
  if (!record.message || booking?.status !== 'confirmed') return undefined
  const message = await readHostMessage(deps.firestore, record.message)
  if (!message) return undefined
  return composeHostMessage(
    deps.catalogue,
    {
      subject: String(message.subject),
      text: String(message.text),
      eventId: booking.event_id,
      eventDate: booking.event_date,
    },
    deps.appOrigin,
  )
}

/** An offer's mail while the seat is still held for the member (not once booked, left or passed). */
async function offerContent(deps: ContentDeps, record: MailRecord, now: number): Promise<MailContent | undefined> {
  if (!record.entry) return undefined
  const entry = await readEntryAt(deps.firestore, record.entry)
  if (entry?.status !== 'offered' || entry.offer_order_id !== record.order_id) return undefined
  const expiresAt = Number(entry.offer_expires_at)
  if (!(expiresAt > now)) return undefined
  return composeOfferMail({
    catalogue: deps.catalogue,
    eventId: entry.event_id,
    eventDate: entry.event_date,
    name: entry.attendee.name,
    expiresAt: new Date(expiresAt),
    appOrigin: deps.appOrigin,
  })
}

/** Whether the booking may still get to the state this mail is about (then the mail waits). */
export function mayStillApply(kind: MailKind, booking: BookingRecord | undefined): boolean {
  if (!booking) return false
  if (kind === 'booking-confirmed' || kind === 'payment-ended') return booking.status === 'pending'
  if (kind === 'booking-cancelled' || kind === 'seat-cancelled') return booking.status === 'confirmed'
  if (kind === 'date-cancelled') return booking.status === 'confirmed' || booking.status === 'pending'
  if (kind === 'refund-issued') return booking.refund?.status === 'requested'
  return false
}

/** The mail's subject and bodies now, or undefined when there is nothing (yet, or any more) to say. */
export async function contentOf(
  deps: ContentDeps,
  record: MailRecord,
  booking: BookingRecord | undefined,
  now: number,
): Promise<MailContent | undefined> {
  return record.kind === 'waitlist-offer'
    ? await offerContent(deps, record, now)
    : record.kind === 'account-deleted'
      ? composeAccountDeletedMail({ cancelled: record.cancelled_bookings ?? 0 })
      : record.kind === 'moderation'
        ? record.notice && composeModerationMail(record.notice, deps.appOrigin)
        : record.kind === 'connection'
          ? record.night && composeConnectionMail(deps.catalogue, record.night, deps.appOrigin)
          : record.kind === 'report-reviewed'
            ? record.night && composeReportReviewedMail(deps.catalogue, record.night, deps.appOrigin)
            : record.kind === 'host-message'
              ? await hostMessageContent(deps, record, booking)
              : booking &&
                composeMail(record.kind, {
                  catalogue: deps.catalogue,
                  booking,
                  appOrigin: deps.appOrigin,
                  brief:
                    record.kind === 'venue-brief' || record.kind === 'venue-changed' || record.kind === 'day-reminder'
                      ? await readBrief(deps.firestore, booking)
                      : undefined,
                  now: new Date(now),
                })
}
