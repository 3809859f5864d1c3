/** Which mail members get, and what a composed mail is: a subject, plain text and HTML of the same words. */
import type { VenueBrief } from '@yaari/domain/booking'
import type { Catalogue } from '@yaari/domain/catalogue'
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
  'how-was',
] as const
export type BookingMailKind = (typeof MAIL_KINDS)[number]
/**
 * Every mail: the booking's, the seat offered to a member on a waitlist (once per offer), a host's
 * message to a date's guests, a moderation notice, the confirmation that an account was deleted, a
 * new connection, and the word that a report was looked at.
 */
export type MailKind =
  | BookingMailKind
  | 'waitlist-offer'
  | 'account-deleted'
  | 'host-message'
  | 'moderation'
  | 'connection'
  | 'report-reviewed'

export interface MailContent {
  subject: string
  text: string
  html: string
  attachments?: { filename: string; content: string; contentType: string }[]
}

export interface MailContext {
  /** The published catalogue: the event the mail is about. */
  catalogue: Catalogue
  booking: BookingRecord
  /** The site, e.g. https://yaari.example: where the links in the mail go. */
  appOrigin: string
  /** The date's venue brief, once the team has shared it. */
  brief?: VenueBrief
  now: Date
}
