/**
 * Email to members goes through an outbox: what must be sent is a document, mail/{orderId}_{kind},
 * created once (a `create()`, so a booking gets each kind once, whoever queues it and however
 * often); the deliverMail job sends what is due. A booking never waits for, nor fails with, the
 * SMTP server: queueing is one Firestore write beside the booking's own.
 *
 * Each attempt is claimed first (a `create()` of mail/{id}/attempts/{n}), so two runs of the job
 * never send the same mail at once. A transport that fails is tried again with growing waits, and a
 * person is alerted when it keeps failing. If a run dies between sending and recording it, the
 * mail is sent again after the attempt's lease ends: at least once, with the same Message-ID, so
 * mail clients show it once.
 */

import { createHash } from 'node:crypto'
import { type VenueBrief, venueBriefPath } from '@yaari/domain/booking'
import type { Catalogue } from '@yaari/domain/catalogue'
import { type DocumentReference, FieldValue, type Firestore, type Timestamp } from 'firebase-admin/firestore'
import { collectionOf, refs, subcollectionOf } from '../../lib/collections'
import { ALERTS, alert, warn } from '../../lib/log'
import { type BookingRecord, isAlreadyExists, mapUntil, nowOf, readBooking } from '../../lib/records'
import { expiry } from '../../lib/retention'
import { domainOf, type Mailer, PermanentMailRefusal } from '../../lib/smtp'
import type { MailContent, MailKind } from './mail-kinds'
import {
  composeAccountDeletedMail,
  composeConnectionMail,
  composeHostMessage,
  composeModerationMail,
  composeOfferMail,
  composeReportReviewedMail,
} from './member-mail'
import { composeMail } from './messages'

export interface MailDeps {
  firestore: Firestore
  /** The published catalogue, read once for the job's run. */
  catalogue: Catalogue
  /** Where links in the mail go, e.g. https://yaari.example */
  appOrigin: string
  /** The transport, made when first needed: a missing SMTP setting fails sending, never queueing. */
  mailer: () => Mailer
  now?: () => Date
  /** When the job must stop taking new mail (its timeout less one send's worst case). */
  deadline?: number
}

export type MailState = 'queued' | 'sent' | 'skipped' | 'failed'

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

/** Waits after the 1st, 2nd, ... failed attempt. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 3_600_000, 6 * 3_600_000]
/** After this many failed attempts the mail is given up and a person alerted. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1
/** An attempt not finished after this long was cut off (its run died): the next run tries again. */
export const ATTEMPT_LEASE_MS = 2 * 60_000
/** A mail whose booking is not yet in the state it is about waits this long between looks. */
const NOT_YET_MS = 60_000
/** ... and is dropped when its booking has not got there after this long. */
const NOT_YET_LIMIT_MS = 24 * 3_600_000
/** The most mail one run sends; the rest waits for the next run. */
const BATCH = 100
const CONCURRENCY = 4

/** One mail per booking and kind; a kind sent again for something new (a venue's next change) names its version. */
export const mailId = (orderId: string, kind: MailKind, version?: number) =>
  version === undefined ? `${orderId}_${kind}` : `${orderId}_${kind}_${version}`
export const mailRef = (firestore: Firestore, id: string) => refs.mail(firestore, id)

/**
 * Queues `kind` for this booking, once: a second call for the same booking and kind does nothing.
 * Returns whether this call queued it. A booking without an email address gets no mail.
 */
export async function queueMail(
  firestore: Firestore,
  booking: Pick<BookingRecord, 'order_id' | 'attendee'>,
  kind: MailKind,
  now: number,
  entry?: string,
  version?: number,
): Promise<boolean> {
  const to = booking.attendee.email
  if (typeof to !== 'string' || !to.includes('@')) return false
  const record: MailRecord = {
    order_id: booking.order_id,
    kind,
    to,
    state: 'queued',
    attempts: 0,
    due_at: now,
    created_at: now,
    ...(entry ? { entry } : {}),
    ...expiry('mail', now),
  }
  try {
    await mailRef(firestore, mailId(booking.order_id, kind, version)).create(record)
    return true
  } catch (error) {
    if (isAlreadyExists(error)) return false
    throw error
  }
}

/** What an account deletion's mail is about: a digest of the uid, not the uid (the record outlives the account). */
export const accountMailAbout = (uid: string) =>
  `account_${createHash('sha256').update(uid).digest('hex').slice(0, 32)}`

/**
 * The confirmation of an account's deletion, once per account (`mail/account_{uid}_account-deleted`):
 * the address it goes to is all it keeps of the member.
 */
export async function queueAccountDeletedMail(
  firestore: Firestore,
  { uid, to, cancelled }: { uid: string; to: string; cancelled: number },
  now: number,
): Promise<void> {
  const about = accountMailAbout(uid)
  const record: MailRecord = {
    order_id: about,
    kind: 'account-deleted',
    to,
    state: 'queued',
    attempts: 0,
    due_at: now,
    created_at: now,
    cancelled_bookings: cancelled,
    redact_after_send: true,
    ...expiry('mail', now),
  }
  await mailRef(firestore, mailId(about, 'account-deleted'))
    .create(record)
    .catch((error: unknown) => {
      if (!isAlreadyExists(error)) throw error
    })
}

/** A host's message to a guest whose booking is still confirmed (a guest who cancelled since is not written to). */
async function hostMessageContent(deps: MailDeps, record: MailRecord, booking: BookingRecord | undefined) {
  if (!record.message || booking?.status !== 'confirmed') return undefined
  const message = (await deps.firestore.doc(record.message).get()).data()
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

/** A notice's mail record (not about a booking): to queue alone, or in a batch beside what it tells. */
export function noticeRecord(
  about: { orderId: string; to: string },
  fields: Pick<MailRecord, 'kind' | 'message' | 'notice' | 'night'>,
  now: number,
): MailRecord {
  return {
    order_id: about.orderId,
    to: about.to,
    state: 'queued',
    attempts: 0,
    due_at: now,
    created_at: now,
    ...fields,
    ...expiry('mail', now),
  }
}

/**
 * Queues a mail that is not about one booking's state: a host's message (once per booking and
 * message) or a moderation notice (once per member and step). Whether this call queued it.
 */
export async function queueNotice(
  firestore: Firestore,
  about: { id: string; orderId: string; to: string },
  fields: Pick<MailRecord, 'kind' | 'message' | 'notice' | 'night'>,
  now: number,
): Promise<boolean> {
  try {
    await mailRef(firestore, about.id).create(noticeRecord(about, fields, now))
    return true
  } catch (error) {
    if (isAlreadyExists(error)) return false
    throw error
  }
}

async function readBrief(firestore: Firestore, booking: BookingRecord): Promise<VenueBrief | undefined> {
  const snapshot = await firestore.doc(venueBriefPath(booking.event_id, booking.event_date)).get()
  return snapshot.exists ? (snapshot.data() as VenueBrief) : undefined
}

/** An offer's mail while the seat is still held for the member (not once booked, left or passed). */
async function offerContent(deps: MailDeps, record: MailRecord, now: number): Promise<MailContent | undefined> {
  if (!record.entry) return undefined
  const entry = (await deps.firestore.doc(record.entry).get()).data()
  if (entry?.status !== 'offered' || entry.offer_order_id !== record.order_id) return undefined
  const expiresAt = Number(entry.offer_expires_at)
  if (!(expiresAt > now)) return undefined
  return composeOfferMail({
    catalogue: deps.catalogue,
    eventId: String(entry.event_id),
    eventDate: String(entry.event_date),
    name: typeof entry.attendee?.name === 'string' ? entry.attendee.name : undefined,
    expiresAt: new Date(expiresAt),
    appOrigin: deps.appOrigin,
  })
}

/** Whether the booking may still get to the state this mail is about (then the mail waits). */
function mayStillApply(kind: MailKind, booking: BookingRecord | undefined): boolean {
  if (!booking) return false
  if (kind === 'booking-confirmed' || kind === 'payment-ended') return booking.status === 'pending'
  if (kind === 'booking-cancelled' || kind === 'seat-cancelled') return booking.status === 'confirmed'
  if (kind === 'date-cancelled') return booking.status === 'confirmed' || booking.status === 'pending'
  if (kind === 'refund-issued') return booking.refund?.status === 'requested'
  return false
}

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'skipped' | 'waiting' | 'busy' | 'not-due'

/** Sends one queued mail if it is due and no one else is sending it. */
export async function deliverOne(deps: MailDeps, id: string): Promise<DeliveryOutcome> {
  const { firestore } = deps
  const now = nowOf(deps)
  const ref = mailRef(firestore, id)
  const snapshot = await ref.get()
  const record = snapshot.data() as MailRecord | undefined
  if (record?.state !== 'queued' || record.due_at === undefined || record.due_at > now) return 'not-due'

  const booking = await readBooking(firestore, record.order_id)
  const content =
    record.kind === 'waitlist-offer'
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
                        ? await readBrief(firestore, booking)
                        : undefined,
                    now: new Date(now),
                  })
  if (!content) {
    if (mayStillApply(record.kind, booking) && now - record.created_at < NOT_YET_LIMIT_MS) {
      await ref.update({ due_at: now + NOT_YET_MS })
      return 'waiting'
    }
    await ref.update({ state: 'skipped', due_at: FieldValue.delete() })
    await redactIfAsked(ref, record)
    return 'skipped'
  }

  const attempt = record.attempts + 1
  const claim = subcollectionOf(ref, 'attempts').doc(String(attempt))
  try {
    await claim.create({ started_at: now, ...expiry('attempts', now) })
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
    const other = await claim.get()
    if (other.get('outcome') === undefined && now - Number(other.get('started_at')) > ATTEMPT_LEASE_MS) {
      // Its sender was cut off mid-attempt: count the attempt, so the next run claims a new one.
      await ref
        .update({ attempts: attempt, due_at: now }, { lastUpdateTime: snapshot.updateTime! })
        .catch(() => undefined)
    }
    return 'busy'
  }

  try {
    const { transport, from } = deps.mailer()
    // The Message-ID's domain is the sender's own (what mail filters expect of a real sender).
    await transport.send({ ...content, from, to: record.to, messageId: `<${id}@${domainOf(from)}>` })
  } catch (error) {
    // A permanent refusal is failed at once: it would be refused again, and is never counted as sent.
    const given = attempt >= MAX_ATTEMPTS || error instanceof PermanentMailRefusal
    const reason = String(error).slice(0, 500)
    await ref.update({
      attempts: attempt,
      last_error: reason,
      ...(given
        ? { state: 'failed', due_at: FieldValue.delete() }
        : { due_at: now + (RETRY_DELAYS_MS[attempt - 1] ?? RETRY_DELAYS_MS.at(-1)!) }),
    })
    await claim.update({ outcome: 'failed', error: reason })
    if (given)
      alert(ALERTS.mailFailed, {
        mail: id,
        attempts: attempt,
        permanent: error instanceof PermanentMailRefusal,
        error: reason,
      })
    else warn('mail-send-failed', { mail: id, attempt, error: reason })
    if (given) await redactIfAsked(ref, record)
    return given ? 'failed' : 'retry'
  }
  await ref.update({ state: 'sent', attempts: attempt, sent_at: now, due_at: FieldValue.delete() })
  await claim.update({ outcome: 'sent' })
  await redactIfAsked(ref, record)
  return 'sent'
}

/** A mail to a deleted account, once final: its address goes, and its attempts (an SMTP answer may quote it). */
async function redactIfAsked(ref: DocumentReference, record: MailRecord): Promise<void> {
  if (!record.redact_after_send) return
  const attempts = await subcollectionOf(ref, 'attempts').get()
  await Promise.all(attempts.docs.map((attempt) => attempt.ref.delete()))
  await ref.update({ to: '', last_error: FieldValue.delete(), redact_after_send: FieldValue.delete() })
}

export interface DeliveryReport {
  due: number
  /** Due, but left for the next run (this run's time was up). */
  left: number
  sent: number
  retrying: number
  failed: number
}

/** The deliverMail job: sends every queued mail that is due. */
export async function deliverMail(deps: MailDeps): Promise<DeliveryReport> {
  const now = nowOf(deps)
  const due = await collectionOf(deps.firestore, 'mail').where('due_at', '<=', now).orderBy('due_at').limit(BATCH).get()
  const { results: outcomes, left } = await mapUntil(
    due.docs,
    CONCURRENCY,
    async (doc) => {
      try {
        return await deliverOne(deps, doc.id)
      } catch (error) {
        warn('mail-delivery-error', { mail: doc.id, error: String(error) })
        return 'retry' as const
      }
    },
    deps.deadline ?? Number.POSITIVE_INFINITY,
  )
  return {
    due: due.size,
    left,
    sent: outcomes.filter((outcome) => outcome === 'sent').length,
    retrying: outcomes.filter((outcome) => outcome === 'retry').length,
    failed: outcomes.filter((outcome) => outcome === 'failed').length,
  }
}
