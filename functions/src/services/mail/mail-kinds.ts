/** What a composed mail is: a subject, plain text and HTML of the same words (which mail there is: lib/data/mail.ts). */
import type { VenueBrief } from '@yaari/domain/booking'
import type { Catalogue } from '@yaari/domain/catalogue'
import type { BookingRecord } from '../../lib/data/bookings'

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
