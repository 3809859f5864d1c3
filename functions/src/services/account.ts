/**
 * exportMyData and deleteMyAccount: a member takes a copy of what the server holds about them,
 * or has it deleted (India's DPDP Act 2023; what is kept, and why, is DATA_RETENTION). Both act
 * on the verified token's uid alone: there is nothing in the request to name anyone else.
 *
 * After the evenings they came to, the export holds their feedback, picks, connections and reports,
 * and the deletion removes them (a report they made stays, without them).
 *
 * Deleting is a run of steps that each may be done again, so a run cut off anywhere is finished
 * by the member's next try; the sign-in (the Auth user) goes last, so that try is possible.
 */

import { createHash } from 'node:crypto'
import {
  ACCOUNT_DATA_MESSAGES,
  EXPORTS_PER_DAY,
  type ExportedBooking,
  type MyDataExport,
  RECENT_SIGN_IN_MINUTES,
} from '@yaari/domain/account'
import { firstNameOf } from '@yaari/domain/names'
import { cancellationRefund } from '@yaari/domain/refund-policy'
import { eventStartInstant } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { type Context, nowOf } from '../lib/context'
import { alertSlots } from '../lib/data/alert-slots'
import { alertsOfMember, forgetAlertsOf } from '../lib/data/alerts'
import { blocksBy } from '../lib/data/blocks'
import { type BookingRecord, bookingRef, bookingsOfMember, redactUnreadableBookingsOf } from '../lib/data/bookings'
import { connectionsOf } from '../lib/data/connections'
import { dataExports } from '../lib/data/data-exports'
import { feedbackBy } from '../lib/data/feedback'
import { mailAboutOrders, type StoredMail } from '../lib/data/mail'
import { sharingOfMember } from '../lib/data/member-sharing'
import { forgetStanding, isBanned } from '../lib/data/moderation'
import { readNights } from '../lib/data/nights'
import { releaseNumbersOf, verifiedNumberOf } from '../lib/data/phone-numbers'
import { picksBy } from '../lib/data/picks'
import { reportsBy } from '../lib/data/reports'
import { forgetProfile, readProfile, storedEmail, withoutTimestamps } from '../lib/data/user-profiles'
import { entriesOfMember, type StoredEntry } from '../lib/data/waitlist'
import { warn } from '../lib/log'
import type { PhotoStore } from '../lib/photo-store'
import type { BookingDeps } from '../lib/records'
import { recordAudit } from './audit'
import { cancelConfirmed } from './bookings/cancel'
import { reconcileBooking } from './bookings/reconcile'
import { forgetAfterNights, forgetClaims, forgetMail } from './forget'
import { groupsOfMember } from './groups/published'
import { queueAccountDeletedMail } from './mail/outbox'
import { forgetNotifications } from './notifications/member-notifications'
import { leaveLine } from './waitlist/line'

export interface AccountDeps extends BookingDeps {
  photos: Pick<PhotoStore, 'deleteMemberPhotos'>
  /** Deletes the sign-in; resolves when it is gone (also when it was gone already). */
  deleteAuthUser: (uid: string) => Promise<void>
}

/** The member as the token says: who, their address, and when they last entered their password. */
export interface VerifiedMember {
  uid: string
  email: string | undefined
  /** The token's auth_time, in ms. */
  signedInAt: number
}

const iso = (ms: unknown) => (typeof ms === 'number' ? new Date(ms).toISOString() : null)

/** exportMyData: the member's profile, bookings, waitlist places and the emails sent to them. */
export async function exportMyData(
  deps: Pick<Context, 'firestore' | 'catalogue' | 'now'>,
  member: { uid: string; email: string | undefined },
): Promise<MyDataExport> {
  const { firestore } = deps
  await claimExport(firestore, member.uid, nowOf(deps))
  const [profile, bookings, waitlist] = await Promise.all([
    readProfile(firestore, member.uid),
    bookingsOfMember(firestore, member.uid),
    entriesOfMember(firestore, member.uid),
  ])
  const emails = await mailAbout(deps, bookings, waitlist)
  const [afterNight, groups, mobile, alerts] = await Promise.all([
    afterNightOf(firestore, member.uid),
    groupsOfMember(deps, bookings),
    verifiedNumberOf(firestore, member.uid),
    alertsOfMember(firestore, member.uid),
  ])
  return {
    exported_at: new Date(nowOf(deps)).toISOString(),
    account: { user_id: member.uid, email: member.email ?? null },
    profile: profile ? withoutTimestamps(profile) : null,
    // The payment session id is a key to the order's checkout, not information about the member.
    bookings: bookings.map(({ payment_session_id: _session, ...booking }): ExportedBooking => booking),
    waitlist: waitlist.map(({ id: _id, ...entry }) => entry),
    emails: emails
      .map(({ record }) => record)
      .map((mail) => ({
        kind: String(mail.kind),
        to: String(mail.to),
        state: String(mail.state),
        order_id: String(mail.order_id),
        created_at: iso(mail.created_at) ?? '',
        sent_at: iso(mail.sent_at),
      })),
    after_night: afterNight,
    groups,
    verified_mobile: mobile ?? null,
    alerts: alerts.map(({ record }) => ({
      order_id: record.order_id,
      event_id: record.event_id,
      event_date: record.event_date,
      reason: record.reason,
      note: record.note ?? null,
      state: record.state,
      raised_at: iso(record.raised_at) ?? '',
      answer: record.answer
        ? { kind: record.answer.kind, by: firstNameOf(record.answer.by_name) ?? '', at: iso(record.answer.at) ?? '' }
        : null,
      cancelled_at: iso(record.cancelled_at),
    })),
  }
}

/** What the member said, picked, connected with, shared, blocked and reported after evenings. */
async function afterNightOf(firestore: Firestore, uid: string): Promise<MyDataExport['after_night']> {
  const [feedback, picks, connections, sharing, blocked, reports] = await Promise.all([
    feedbackBy(firestore, uid),
    picksBy(firestore, uid),
    connectionsOf(firestore, uid),
    sharingOfMember(firestore, uid),
    blocksBy(firestore, uid),
    reportsBy(firestore, uid),
  ])
  // Whom they picked or reported, by the first name they saw; never the other member's account.
  const picked = picks
  const names = new Map<string, string>()
  for (const [id, night] of await readNights(firestore, [...new Set(picked.map((pick) => pick.night))])) {
    for (const [guest, record] of Object.entries(night.guests)) names.set(`${id}:${guest}`, record.first_name)
  }
  const shared = sharing
  const nightOf = (id: string) => ({ event_id: id.slice(0, -11), event_date: id.slice(-10) })
  return {
    feedback: feedback.map(({ user_id: _user, night: _night, city: _city, ...rest }) => ({
      ...rest,
      at: iso(rest.at),
      updated_at: iso(rest.updated_at),
    })),
    picks: picked.map((pick) => ({
      ...nightOf(pick.night),
      picked: names.get(`${pick.night}:${pick.to}`) ?? 'A guest',
      at: iso(pick.at) ?? '',
    })),
    connections: connections.map(({ record: connection }) => {
      const other = connection.members.find((m) => m !== uid) ?? ''
      return {
        with: connection.names[other] ?? 'A guest',
        event_id: connection.event_id,
        event_date: connection.event_date,
        at: iso(connection.at) ?? '',
      }
    }),
    sharing: shared
      ? {
          contactKind: shared.contactKind,
          contact: shared.contact,
          showPhoto: shared.showPhoto,
        }
      : null,
    blocked: blocked.length,
    reports: reports.map((report) => ({
      event_id: String(report.event_id),
      event_date: String(report.event_date),
      about: String(report.reported_name),
      reason: String(report.reason),
      text: String(report.text),
      at: iso(report.at) ?? '',
      status: report.status === 'open' ? 'open' : 'looked at',
    })),
  }
}

/** One of today's exports for this member, or a refusal once they are used up (a script's loop). */
async function claimExport(firestore: Firestore, uid: string, now: number): Promise<void> {
  if (!(await dataExports.claim(firestore, uid, EXPORTS_PER_DAY, now))) {
    throw new HttpsError('resource-exhausted', ACCOUNT_DATA_MESSAGES.tooManyExports)
  }
}

/**
 * The mail about the member's bookings and the offers made to their waitlist places (each kind's
 * mail has its own id: `{orderId}_{kind}`).
 */
async function mailAbout(
  deps: Pick<BookingDeps, 'firestore'>,
  bookings: readonly BookingRecord[],
  waitlist: readonly StoredEntry[],
): Promise<StoredMail[]> {
  const orderIds = [
    ...bookings.map((booking) => booking.order_id),
    ...waitlist.flatMap((entry) => entry.offer_order_id ?? []),
  ]
  // Every mail about them, whatever its kind or version (a venue's changes are one mail each).
  return mailAboutOrders(deps.firestore, orderIds)
}

/**
 * An upcoming booking's end: a seat on hold is let go (its Cashfree order closed first; a payment
 * that got through meanwhile is refunded in full, as the booking is marked deleted); a confirmed
 * seat is cancelled with the refund the policy gives now.
 */
async function endBooking(deps: BookingDeps, booking: BookingRecord, now: number): Promise<void> {
  const { catalogue } = deps
  let current: BookingRecord | undefined = booking
  if (current.status === 'pending') {
    await bookingRef(deps.firestore, current.order_id).update({
      hold_expires_at: Math.min(current.hold_expires_at, now - 1),
    })
    current = await reconcileBooking(deps, current.order_id)
  }
  if (current?.status !== 'confirmed') return
  const event = catalogue.eventById(current.event_id)
  const refund =
    event && cancellationRefund(current.amount, eventStartInstant(current.event_date, event.startTime), new Date(now))
  // An event already started (or over) is not cancelled: it stays as it was, without the personal fields.
  if (!refund) return
  await cancelConfirmed(deps, current, { amount: refund.amount, reason: 'cancelled', mail: 'booking-cancelled' })
}

/**
 * deleteMyAccount: after a recent sign-in, ends the member's waitlist places and holds (freeing
 * their seats), cancels their upcoming bookings with the policy's refund, removes the personal
 * fields from every booking (the accounting part stays), deletes their photos, profile and email
 * history, queues the confirmation email, and deletes the sign-in last.
 */
export async function deleteMyAccount(deps: AccountDeps, member: VerifiedMember): Promise<{ deleted: true }> {
  const { firestore } = deps
  const now = nowOf(deps)
  if (now - member.signedInAt > RECENT_SIGN_IN_MINUTES * 60_000) {
    throw new HttpsError('unauthenticated', ACCOUNT_DATA_MESSAGES.signInAgain)
  }
  const { uid } = member
  const profileEmail = await storedEmail(firestore, uid)

  const waitlist = await entriesOfMember(firestore, uid)
  for (const entry of waitlist) await leaveLine(deps, entry)

  const bookings = await bookingsOfMember(deps.firestore, uid)
  for (const booking of bookings) {
    // Marked first: whatever ends the booking from here on (this run, the sweep) mails no one.
    if (booking.account_deleted_at === undefined) {
      await bookingRef(firestore, booking.order_id).update({ account_deleted_at: now })
    }
    const marked = { ...booking, account_deleted_at: booking.account_deleted_at ?? now }
    try {
      await endBooking(deps, marked, now)
    } catch (error) {
      // Cashfree unreachable: the hold has run out, so the sweep and the reconciler end it.
      warn('account-deletion-booking-not-ended', { orderId: booking.order_id, error: String(error) })
    }
    // The attendee's details go once the mails about the booking have their address.
    await bookingRef(firestore, booking.order_id).update({ attendee: {} })
  }
  await redactUnreadableBookingsOf(firestore, uid)

  // Cancelled by the deletion (this run or one cut off before it): the email says so.
  const cancelled = (await bookingsOfMember(deps.firestore, uid)).filter(
    (booking) =>
      booking.status === 'cancelled' &&
      booking.account_deleted_at !== undefined &&
      (booking.cancelled_at ?? 0) >= booking.account_deleted_at,
  ).length

  await deps.photos.deleteMemberPhotos(uid, null)
  const emails = [...new Set([member.email, profileEmail].filter((e): e is string => typeof e === 'string'))]
  await forgetMail(firestore, uid, emails, await mailAbout(deps, bookings, waitlist))
  if (member.email) await queueAccountDeletedMail(firestore, { uid, to: member.email, cancelled }, now)
  await forgetClaims(firestore, uid, bookings)
  await forgetAfterNights(firestore, uid, bookings)
  // Its devices get no more pushes, and its notices go.
  await forgetNotifications(firestore, uid)
  await Promise.all([forgetAlertsOf(firestore, uid), alertSlots.forget(firestore, uid)])
  // The verified mobile stays held (a ban's marked so) for the days the privacy page says, then goes.
  await releaseNumbersOf(firestore, uid, now, await isBanned(firestore, uid))
  await forgetProfile(firestore, uid)
  await forgetStanding(firestore, uid)
  await recordAudit(
    firestore,
    { command: 'deleteMyAccount' },
    { action: 'account-deleted', at: now, about: { account: uid }, change: { uid } },
    `account-deleted-${createHash('sha256').update(uid).digest('hex').slice(0, 32)}`,
  )
  await deps.deleteAuthUser(uid)
  return { deleted: true }
}
