/**
 * What a deleted account leaves behind, and how it goes (the last steps of deleteMyAccount, each
 * safe to run again): the mail sent to the member, every claim and counter named by their uid, and
 * what they did after evenings. What is kept for accounting or safety names DELETED_MEMBER, or no
 * one, instead of them.
 */
import { type DocumentSnapshot, FieldValue, type Firestore } from 'firebase-admin/firestore'
import { collectionOf, seatClaims } from '../lib/collections'
import { forgetBlocks } from '../lib/data/blocks'
import { forgetConnections } from '../lib/data/connections'
import { forgetFeedback } from '../lib/data/feedback'
import { forgetReporter } from '../lib/data/reports'
import { deleteWithAttempts } from '../lib/delivery'
import { type BookingRecord, bookingRef, isNotFound } from '../lib/records'
import { auditLog } from './audit'

/** What a deleted member's bookings, seats and audit lines name instead of their uid. */
const DELETED_MEMBER = 'deleted'

/**
 * Mail to the member: what was sent (or given up) goes, with its attempts (an SMTP answer may quote
 * the address); what is still queued (a cancellation's receipt) is sent, then redacted. A queued
 * notice named by the uid (moderation) is dropped: there is no one left to tell.
 */
export async function forgetMail(firestore: Firestore, uid: string, emails: string[], about: DocumentSnapshot[]) {
  const found = await Promise.all([
    ...emails.map((email) => collectionOf(firestore, 'mail').where('to', '==', email).get()),
    collectionOf(firestore, 'mail').where('order_id', '==', `member_${uid}`).get(),
  ])
  const mails = new Map([...about, ...found.flatMap((snapshot) => snapshot.docs)].map((doc) => [doc.id, doc]))
  for (const mail of mails.values()) {
    if (mail.get('state') === 'queued' && !mail.id.includes(uid)) {
      if (mail.get('redact_after_send') !== true) await mail.ref.update({ redact_after_send: true })
    } else await deleteWithAttempts(mail.ref)
  }
}

/**
 * Every claim and count named by the member goes (holds, per-date claims, waitlist places and
 * their count, the per-day counters); the seats and bookings kept for accounting name DELETED_MEMBER;
 * audit lines about them too.
 */
export async function forgetClaims(firestore: Firestore, uid: string, bookings: readonly BookingRecord[]) {
  const named = await Promise.all(
    (['member_dates', 'member_holds', 'member_waits', 'waitlist', 'photo_uploads', 'data_exports'] as const).map(
      (collection) => collectionOf(firestore, collection).where('user_id', '==', uid).get(),
    ),
  )
  await Promise.all(named.flatMap((snapshot) => snapshot.docs.map((doc) => doc.ref.delete())))
  for (const booking of bookings) {
    const seats = await seatClaims(firestore, booking.event_id, booking.event_date)
      .where('order_id', '==', booking.order_id)
      .get()
    await Promise.all(seats.docs.map((seat) => seat.ref.update({ user_id: DELETED_MEMBER })))
    await bookingRef(firestore, booking.order_id).update({ user_id: DELETED_MEMBER })
  }
  const audit = await auditLog(firestore).where('change.member', '==', uid).get()
  await Promise.all(audit.docs.map((line) => line.ref.update({ 'change.member': DELETED_MEMBER })))
}

/**
 * After the evenings: the evenings they came to no longer list them; their feedback, picks (theirs and of them), connections, blocks and
 * sharing go; their reports stay (a safety record) without who made them. Reports about them stay,
 * as their standing's history, until the reports' retention ends.
 */
export async function forgetAfterNights(firestore: Firestore, uid: string, bookings: readonly BookingRecord[]) {
  // The evenings they came to list them no more (nor their first name).
  for (const booking of bookings.filter((b) => b.after_closes_at !== undefined)) {
    await collectionOf(firestore, 'nights')
      .doc(`${booking.event_id}_${booking.event_date}`)
      .update({ [`guests.${uid}`]: FieldValue.delete() })
      .catch((error: unknown) => {
        if (!isNotFound(error)) throw error
      })
  }
  const found = await Promise.all([
    collectionOf(firestore, 'picks').where('from', '==', uid).get(),
    collectionOf(firestore, 'picks').where('to', '==', uid).get(),
    collectionOf(firestore, 'report_slots').where('user_id', '==', uid).get(),
  ])
  await Promise.all([
    ...found.flatMap((snapshot) => snapshot.docs.map((doc) => doc.ref.delete())),
    forgetBlocks(firestore, uid),
    forgetConnections(firestore, uid),
    forgetFeedback(firestore, uid),
  ])
  await collectionOf(firestore, 'member_sharing').doc(uid).delete()
  await forgetReporter(firestore, uid)
}
