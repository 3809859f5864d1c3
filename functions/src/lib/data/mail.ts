/**
 * mail/{id}: the outbox, a mail per document (its id made of what it is about and its kind), with
 * its attempts (mail/{id}/attempts/{n}, lib/delivery.ts). The only module that names the collection
 * (dev/lint/data-owners.test.mjs): queueing, delivery, the account's export and its forgetting read
 * and write it through these.
 */
import { FieldValue, type Firestore, type WriteBatch } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'
import { deleteAttempts, deleteWithAttempts } from './attempts'

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
const EVERY_MAIL_KIND = [
  ...MAIL_KINDS,
  'waitlist-offer',
  'account-deleted',
  'host-message',
  'moderation',
  'connection',
  'report-reviewed',
] as const
export type MailKind = (typeof EVERY_MAIL_KIND)[number]

const MailSchema = v.object({
  order_id: v.string(),
  kind: v.picklist(EVERY_MAIL_KIND),
  to: v.string(),
  state: v.picklist(['queued', 'sent', 'skipped', 'failed']),
  /** Attempts claimed so far. */
  attempts: v.number(),
  /** When the job should look at it next; absent once it is sent, skipped or failed. */
  due_at: v.optional(v.number()),
  created_at: v.number(),
  sent_at: v.optional(v.number()),
  last_error: v.optional(v.string()),
  /** A waitlist offer's mail: the path of the entry it offers a seat to. */
  entry: v.optional(v.string()),
  /** An account deletion's mail: how many upcoming bookings the deletion cancelled. */
  cancelled_bookings: v.optional(v.number()),
  /** A host's message: the path of the message (host_messages/{id}) it sends. */
  message: v.optional(v.string()),
  /** A moderation notice: the step and its reason. */
  notice: v.optional(
    v.object({
      level: v.picklist(['warning', 'suspended', 'banned', 'none']),
      until: v.optional(v.string()),
      reason: v.string(),
    }),
  ),
  /** A connection's or a report's notice: the date it is about (and the other member's first name). */
  night: v.optional(v.object({ event_id: v.string(), event_date: v.string(), name: v.optional(v.string()) })),
  /** To a deleted account: once sent (or given up) it keeps no address, nor an SMTP answer quoting it. */
  redact_after_send: v.optional(v.boolean()),
  /** When Firestore's TTL policy deletes it (retention.ts). */
  expire_at: v.optional(v.unknown()),
})
export type MailRecord = v.InferOutput<typeof MailSchema>

const mail = (firestore: Firestore) => collectionOf(firestore, 'mail')
export const mailRecords = checkedReader('mail', MailSchema)

/** One mail per booking and kind; a kind sent again for something new (a venue's next change) names its version. */
export const mailId = (orderId: string, kind: MailKind, version?: number) =>
  version === undefined ? `${orderId}_${kind}` : `${orderId}_${kind}_${version}`
export const mailRef = (firestore: Firestore, id: string) => mail(firestore).doc(id)

/** The mail due to be looked at by now, soonest first. */
export const dueMail = (firestore: Firestore, now: number) =>
  mail(firestore).where('due_at', '<=', now).orderBy('due_at')

/** A mail with its id. */
export type StoredMail = { id: string; record: MailRecord }

/** Every mail about these orders (a booking's, an offer's), whatever its kind or version. */
export async function mailAboutOrders(firestore: Firestore, orderIds: readonly string[]): Promise<StoredMail[]> {
  // Firestore's `in` takes 30 values at most.
  const chunks = Array.from({ length: Math.ceil(orderIds.length / 30) }, (_, i) => orderIds.slice(i * 30, i * 30 + 30))
  const found = await Promise.all(chunks.map((ids) => mail(firestore).where('order_id', 'in', ids).get()))
  return found.flatMap((snapshot) => mailRecords.withIds(snapshot))
}

/** Every mail to these addresses, and every notice named by the member (member_{uid}), with their ids. */
export async function mailToMember(
  firestore: Firestore,
  uid: string,
  emails: readonly string[],
): Promise<StoredMail[]> {
  const found = await Promise.all([
    ...emails.map((email) => mail(firestore).where('to', '==', email).get()),
    mail(firestore).where('order_id', '==', `member_${uid}`).get(),
  ])
  return found.flatMap((snapshot) => mailRecords.withIds(snapshot))
}

/**
 * The documents to a deleted member's addresses or named by them (member_{uid}) that hold no mail
 * (written by hand, an older shape): deleted with their attempts, as their readable mail is, since
 * nothing can tell what of the member they hold.
 */
export async function deleteUnreadableMailTo(firestore: Firestore, uid: string, emails: readonly string[]) {
  const found = await Promise.all([
    ...emails.map((email) => mail(firestore).where('to', '==', email).get()),
    mail(firestore).where('order_id', '==', `member_${uid}`).get(),
  ])
  const unreadable = found.flatMap((snapshot) => snapshot.docs).filter((doc) => mailRecords.one(doc) === undefined)
  await Promise.all(unreadable.map((doc) => deleteWithAttempts(doc.ref)))
}

/** A queued mail to a member whose account is deleted: sent, then its address goes. */
export async function redactAfterSend(firestore: Firestore, id: string): Promise<void> {
  const ref = mailRef(firestore, id)
  await ref.update({ redact_after_send: true })
  // Sent (or given up) meanwhile, after its run read it: the run may not have seen the mark.
  if (mailRecords.one(await ref.get())?.state !== 'queued') await redactMail(firestore, id)
}

/**
 * A mail that is final (sent, or given up): its address goes when its account was deleted, read
 * after the final write, so a mark made while it was being sent is seen (redactAfterSend reads
 * after its own write, so whichever writes last redacts it).
 */
export async function redactIfAsked(firestore: Firestore, id: string): Promise<void> {
  if (mailRecords.one(await mailRef(firestore, id).get())?.redact_after_send) await redactMail(firestore, id)
}

/** Deletes a mail and its attempts (an SMTP answer may quote the address). */
export const deleteMail = (firestore: Firestore, id: string): Promise<void> =>
  deleteWithAttempts(mailRef(firestore, id))

/** Queues a mail (a create(): throws already-exists when one with this id is queued). */
export async function createMail(firestore: Firestore, id: string, record: MailRecord): Promise<void> {
  await mailRef(firestore, id).create(record)
}

/** Queues a mail in the batch that writes what it tells (both, or neither). */
export function createMailInBatch(batch: WriteBatch, firestore: Firestore, id: string, record: MailRecord): void {
  batch.create(mailRef(firestore, id), record)
}

/** A sent (or given up) mail to a deleted account: its address goes, and its attempts. */
async function redactMail(firestore: Firestore, id: string): Promise<void> {
  const ref = mailRef(firestore, id)
  await deleteAttempts(ref)
  await ref.update({ to: '', last_error: FieldValue.delete(), redact_after_send: FieldValue.delete() })
}
