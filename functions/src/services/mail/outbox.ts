/**
 * Email to members goes through an outbox: what must be sent is a document, mail/{orderId}_{kind},
 * created once (a `create()`, so a booking gets each kind once, whoever queues it and however
 * often); the deliverMail job sends what is due. A booking never waits for, nor fails with, the
 * SMTP server: queueing is one Firestore write beside the booking's own.
 *
 * Delivery is the queue mail shares with push (lib/delivery.ts): each attempt claimed first, so two
 * runs never send the same mail at once; a transport that fails is tried again with growing waits,
 * and a person is alerted when it keeps failing. If a run dies between sending and recording it, the
 * mail is sent again after the attempt's lease ends: at least once, with the same Message-ID, so
 * mail clients show it once.
 */

import { createHash } from 'node:crypto'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { isAlreadyExists } from '../../lib/claims'
import { nowOf } from '../../lib/context'
import { claimAttempt, leftTheQueue } from '../../lib/data/attempts'
import { type BookingRecord, readBooking } from '../../lib/data/bookings'
import {
  createMail,
  dueMail,
  type MailKind,
  type MailRecord,
  mailId,
  mailRecords,
  mailRef,
  redactIfAsked,
} from '../../lib/data/mail'
import { type DeliveryPolicy, type DeliveryReport, deliverDue, maxAttempts, retryAt } from '../../lib/delivery'
import { ALERTS, alert, warn } from '../../lib/log'
import { expiry } from '../../lib/retention'
import { domainOf, type Mailer, PermanentMailRefusal } from '../../lib/smtp'
import { tellMail } from './as-notification'
import { type ContentDeps, contentOf, mayStillApply } from './content'

export interface MailDeps extends ContentDeps {
  /** The transport, made when first needed: a missing SMTP setting fails sending, never queueing. */
  mailer: () => Mailer
  now?: () => Date
  /** When the job must stop taking new mail (its timeout less one send's worst case). */
  deadline?: number
}

/** Mail's retries (after the last, the mail is given up and a person alerted) and its attempts' lease. */
const MAIL_POLICY: DeliveryPolicy = {
  retryDelaysMs: [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 3_600_000, 6 * 3_600_000],
  leaseMs: 2 * 60_000,
}
export const RETRY_DELAYS_MS = MAIL_POLICY.retryDelaysMs
export const MAX_ATTEMPTS = maxAttempts(MAIL_POLICY)
export const ATTEMPT_LEASE_MS = MAIL_POLICY.leaseMs
/** A mail whose booking is not yet in the state it is about waits this long between looks. */
const NOT_YET_MS = 60_000
/** ... and is dropped when its booking has not got there after this long. */
const NOT_YET_LIMIT_MS = 24 * 3_600_000

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
    await createMail(firestore, mailId(booking.order_id, kind, version), record)
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
  await createMail(firestore, mailId(about, 'account-deleted'), record).catch((error: unknown) => {
    if (!isAlreadyExists(error)) throw error
  })
}

/** A mail record not about one booking (a host's message, a moderation notice, a connection): to queue alone, or in a batch beside what it tells. */
export function memberMailRecord(
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
export async function queueMemberMail(
  firestore: Firestore,
  about: { id: string; orderId: string; to: string },
  fields: Pick<MailRecord, 'kind' | 'message' | 'notice' | 'night'>,
  now: number,
): Promise<boolean> {
  try {
    await createMail(firestore, about.id, memberMailRecord(about, fields, now))
    return true
  } catch (error) {
    if (isAlreadyExists(error)) return false
    throw error
  }
}

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'skipped' | 'waiting' | 'busy' | 'not-due'

/** Sends one queued mail if it is due and no one else is sending it. */
export async function deliverOne(deps: MailDeps, id: string): Promise<DeliveryOutcome> {
  const { firestore } = deps
  const now = nowOf(deps)
  const ref = mailRef(firestore, id)
  const snapshot = await ref.get()
  const record = mailRecords.one(snapshot)
  if (await leftTheQueue(snapshot, record, { state: 'failed', due_at: FieldValue.delete() })) return 'failed'
  if (record?.state !== 'queued' || record.due_at === undefined || record.due_at > now) return 'not-due'

  const booking = await readBooking(firestore, record.order_id)
  const content = await contentOf(deps, record, booking, now)
  if (!content) {
    if (mayStillApply(record.kind, booking) && now - record.created_at < NOT_YET_LIMIT_MS) {
      await ref.update({ due_at: now + NOT_YET_MS })
      return 'waiting'
    }
    await ref.update({ state: 'skipped', due_at: FieldValue.delete() })
    await redactIfAsked(firestore, id)
    return 'skipped'
  }

  // The member's notice (the list under the bell, and a push): told once, whatever the SMTP server does.
  // A notice that cannot be written (a Firestore hiccup) never holds up the mail itself.
  if (record.attempts === 0)
    await tellMail(firestore, deps.catalogue, id, record, booking, now).catch((error: unknown) =>
      warn('notice-failed', { mail: id, error: String(error).slice(0, 300) }),
    )

  const attempt = record.attempts + 1
  // Its sender cut off mid-attempt: the attempt is counted, so the next run claims a new one.
  const claim = await claimAttempt(MAIL_POLICY, ref, snapshot, attempt, now, { attempts: attempt, due_at: now })
  if (!claim) return 'busy'

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
      ...(given ? { state: 'failed', due_at: FieldValue.delete() } : { due_at: retryAt(MAIL_POLICY, attempt, now) }),
    })
    await claim.settle('failed', reason)
    if (given)
      alert(ALERTS.mailFailed, {
        mail: id,
        attempts: attempt,
        permanent: error instanceof PermanentMailRefusal,
        error: reason,
      })
    else warn('mail-send-failed', { mail: id, attempt, error: reason })
    if (given) await redactIfAsked(firestore, id)
    return given ? 'failed' : 'retry'
  }
  await ref.update({ state: 'sent', attempts: attempt, sent_at: now, due_at: FieldValue.delete() })
  await claim.settle('sent')
  await redactIfAsked(firestore, id)
  return 'sent'
}

/** The deliverMail job: sends every queued mail that is due. */
export async function deliverMail(deps: MailDeps): Promise<DeliveryReport> {
  const due = dueMail(deps.firestore, nowOf(deps))
  const { report } = await deliverDue([due], (id) => deliverOne(deps, id), {
    label: 'mail-delivery-error',
    deadline: deps.deadline,
  })
  return report
}
