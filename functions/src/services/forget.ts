/**
 * What a deleted account leaves behind, and how it goes (the last steps of deleteMyAccount, each
 * safe to run again): the mail sent to the member, every claim and counter named by their uid, and
 * what they did after evenings. What is kept for accounting or safety names DELETED_MEMBER, or no
 * one, instead of them.
 */
import type { Firestore } from 'firebase-admin/firestore'
import { renameMemberInLines } from '../lib/data/audit-log'
import { forgetBlocks } from '../lib/data/blocks'
import { type BookingRecord, bookingRef } from '../lib/data/bookings'
import { forgetConnections } from '../lib/data/connections'
import { dataExports } from '../lib/data/data-exports'
import { forgetFeedback } from '../lib/data/feedback'
import { deleteMail, deleteUnreadableMailTo, mailToMember, redactAfterSend, type StoredMail } from '../lib/data/mail'
import { forgetMemberDates } from '../lib/data/member-dates'
import { forgetHoldSlots } from '../lib/data/member-holds'
import { forgetSharing } from '../lib/data/member-sharing'
import { forgetWaitSlots } from '../lib/data/member-waits'
import { forgetGuest } from '../lib/data/nights'
import { forgetCodeAsks } from '../lib/data/phone-codes'
import { photoUploads } from '../lib/data/photo-uploads'
import { forgetPicks } from '../lib/data/picks'
import { reportSlots } from '../lib/data/report-slots'
import { forgetReporter } from '../lib/data/reports'
import { renameSeatHolder } from '../lib/data/seats'
import { forgetWaitlist } from '../lib/data/waitlist'

/** What a deleted member's bookings, seats and audit lines name instead of their uid. */
const DELETED_MEMBER = 'deleted'

/**
 * Mail to the member: what was sent (or given up) goes, with its attempts (an SMTP answer may quote
 * the address); what is still queued (a cancellation's receipt) is sent, then redacted. A queued
 * notice named by the uid (moderation) is dropped: there is no one left to tell.
 */
export async function forgetMail(firestore: Firestore, uid: string, emails: string[], about: StoredMail[]) {
  await deleteUnreadableMailTo(firestore, uid, emails)
  const found = await mailToMember(firestore, uid, emails)
  const mails = new Map([...about, ...found].map((mail) => [mail.id, mail]))
  for (const { id, record } of mails.values()) {
    if (record.state === 'queued' && !id.includes(uid)) {
      if (record.redact_after_send !== true) await redactAfterSend(firestore, id)
    } else await deleteMail(firestore, id)
  }
}

/**
 * Every claim and count named by the member goes (holds, per-date claims, waitlist places and
 * their count, the per-day counters); the seats and bookings kept for accounting name DELETED_MEMBER;
 * audit lines about them too.
 */
export async function forgetClaims(firestore: Firestore, uid: string, bookings: readonly BookingRecord[]) {
  await Promise.all([
    photoUploads.forget(firestore, uid),
    dataExports.forget(firestore, uid),
    forgetCodeAsks(firestore, uid),
    forgetWaitlist(firestore, uid),
    forgetWaitSlots(firestore, uid),
    forgetMemberDates(firestore, uid),
    forgetHoldSlots(firestore, uid),
  ])
  for (const booking of bookings) {
    await renameSeatHolder(firestore, booking, DELETED_MEMBER)
    await bookingRef(firestore, booking.order_id).update({ user_id: DELETED_MEMBER })
  }
  await renameMemberInLines(firestore, uid, DELETED_MEMBER)
}

/**
 * After the evenings: the evenings they came to no longer list them; their feedback, picks (theirs and of them), connections, blocks and
 * sharing go; their reports stay (a safety record) without who made them. Reports about them stay,
 * as their standing's history, until the reports' retention ends.
 */
export async function forgetAfterNights(firestore: Firestore, uid: string, bookings: readonly BookingRecord[]) {
  // The evenings they came to list them no more (nor their first name).
  for (const booking of bookings.filter((b) => b.after_closes_at !== undefined)) {
    await forgetGuest(firestore, booking.event_id, booking.event_date, uid)
  }
  await Promise.all([
    reportSlots.forget(firestore, uid),
    forgetBlocks(firestore, uid),
    forgetConnections(firestore, uid),
    forgetFeedback(firestore, uid),
    forgetPicks(firestore, uid),
  ])
  await forgetSharing(firestore, uid)
  await forgetReporter(firestore, uid)
}
