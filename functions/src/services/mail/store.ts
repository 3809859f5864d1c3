/**
 * What the outbox keeps, and how the mail services read it: a mail per mail/{id} (its record, its
 * id made of the booking and the kind), and the documents a mail is written from when it is sent
 * (a date's venue brief, a host's message). The outbox and the mail's content hold the rules.
 */
import { type VenueBrief, venueBriefPath } from '@yaari/domain/booking'
import type { Firestore, Timestamp } from 'firebase-admin/firestore'
import { refs } from '../../lib/collections'
import { reader } from '../../lib/documents'
import type { BookingRecord } from '../../lib/records'
import type { MailKind } from './mail-kinds'

type MailState = 'queued' | 'sent' | 'skipped' | 'failed'

export interface MailRecord {
  order_id: string
  kind: MailKind
  to: string
  state: MailState
  /** Attempts claimed so far. */
  attempts: number
  /** When the job should look at it next; absent once it is sent, skipped or failed. */
  due_at?: number
  created_at: number
  sent_at?: number
  last_error?: string
  /** A waitlist offer's mail: the path of the entry it offers a seat to. */
  entry?: string
  /** An account deletion's mail: how many upcoming bookings the deletion cancelled. */
  cancelled_bookings?: number
  /** A host's message: the path of the message (host_messages/{id}) it sends. */
  message?: string
  /** A moderation notice: the step and its reason. */
  notice?: { level: 'warning' | 'suspended' | 'banned' | 'none'; until?: string; reason: string }
  /** A connection's or a report's notice: the date it is about (and the other member's first name). */
  night?: { event_id: string; event_date: string; name?: string }
  /** To a deleted account: once sent (or given up) it keeps no address, nor an SMTP answer quoting it. */
  redact_after_send?: boolean
  /** When Firestore's TTL policy deletes it (retention.ts). */
  expire_at?: Timestamp
}

/** One mail per booking and kind; a kind sent again for something new (a venue's next change) names its version. */
export const mailId = (orderId: string, kind: MailKind, version?: number) =>
  version === undefined ? `${orderId}_${kind}` : `${orderId}_${kind}_${version}`
export const mailRef = (firestore: Firestore, id: string) => refs.mail(firestore, id)

export const mailRecords = reader<MailRecord>()

/** host_messages/{id}: what a host sent a date's guests. */
interface HostMessageRecord {
  event_id: string
  event_date: string
  subject: string
  text: string
  at: number
}
const hostMessages = reader<HostMessageRecord>()
const briefs = reader<VenueBrief>()

/** A host's message a mail sends (the mail keeps its path), or undefined when it is gone. */
export const readHostMessage = async (firestore: Firestore, path: string) =>
  hostMessages.one(await firestore.doc(path).get())

/** The venue brief of the booking's date, once the team has shared it. */
export const readBrief = async (firestore: Firestore, booking: BookingRecord) =>
  briefs.one(await firestore.doc(venueBriefPath(booking.event_id, booking.event_date)).get())
