/**
 * The moderation ladder from a guest-list row: a first warning, a suspension until a day, a ban,
 * each with the reason the member is told by email; an admin lifts it. A suspended or banned member
 * cannot book or join a waitlist (lib/standing.ts); their paid seats stay. The same step with the
 * same reason again changes nothing and sends nothing.
 */
import type { RequestOf } from '@yaari/domain/callable'
import {
  HOST_MESSAGES,
  type liftModerationCall,
  type ModerationResult,
  type moderateMemberCall,
  moderationPath,
} from '@yaari/domain/host'
import { istToday } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { readStanding, type Standing } from '../../lib/standing'
import { mailRef, noticeRecord } from '../mail/outbox'
import { type Actor, type AuditInput, auditLog, auditRecord } from './audit'

const LEVELS = { warn: 'warning', suspend: 'suspended', ban: 'banned' } as const

/** Whether the member has a booking or a waitlist place on that date (the host's reason to act on them). */
async function onGuestList(firestore: Firestore, uid: string, eventId: string, eventDate: string) {
  const [bookings, waiting] = await Promise.all([
    firestore
      .collection('bookings')
      .where('user_id', '==', uid)
      .where('event_id', '==', eventId)
      .where('event_date', '==', eventDate)
      .limit(1)
      .get(),
    firestore.doc(`waitlist/${eventId}_${eventDate}_${uid}`).get(),
  ])
  return !bookings.empty || waiting.exists
}

async function memberEmail(firestore: Firestore, uid: string): Promise<string | undefined> {
  const email = (await firestore.collection('user_profiles').doc(uid).get()).get('email')
  return typeof email === 'string' && email.includes('@') ? email : undefined
}

/**
 * Writes a member's new standing (or lifts it), the email that tells them and the audit line in
 * one batch: a run cut off part-way leaves all three or none, so a repeat is never "unchanged"
 * while the member was never told.
 */
async function applyStanding(
  firestore: Firestore,
  actor: Actor,
  uid: string,
  standing: Standing | undefined,
  notice: { level: ModerationResult['level']; reason: string; until?: string },
  audit: AuditInput,
) {
  const batch = firestore.batch()
  const to = await memberEmail(firestore, uid)
  if (to) {
    batch.create(
      mailRef(firestore, `member_${uid}_moderation_${audit.at}`),
      noticeRecord({ orderId: `member_${uid}`, to }, { kind: 'moderation', notice }, audit.at),
    )
  }
  const ref = firestore.doc(moderationPath(uid))
  if (standing) batch.set(ref, standing)
  else batch.delete(ref)
  batch.create(auditLog(firestore).doc(), auditRecord(actor, audit))
  await batch.commit()
}

export async function moderateMember(
  firestore: Firestore,
  actor: Actor,
  input: RequestOf<typeof moderateMemberCall>,
  now: number,
): Promise<ModerationResult> {
  if (input.until && input.until < istToday(new Date(now)))
    throw new HttpsError('invalid-argument', HOST_MESSAGES.untilPast)
  if (!(await onGuestList(firestore, input.uid, input.eventId, input.eventDate))) {
    throw new HttpsError('failed-precondition', HOST_MESSAGES.notOnList)
  }
  const level = LEVELS[input.action]
  const reason = input.reason.trim()
  const current = await readStanding(firestore, input.uid)
  const result = { uid: input.uid, level, ...(input.until ? { until: input.until } : {}) }
  if (current && current.level === level && current.reason === reason && current.until === input.until) {
    return { ...result, changed: false }
  }
  const until = input.until ? { until: input.until } : {}
  const standing: Standing = { level, reason, at: now, ...until }
  await applyStanding(
    firestore,
    actor,
    input.uid,
    standing,
    { level, reason, ...until },
    {
      action: 'moderate',
      eventId: input.eventId,
      eventDate: input.eventDate,
      change: { member: input.uid, level, reason, ...until },
      at: now,
    },
  )
  return { ...result, changed: true }
}

/** An admin lifts a member's standing; nothing to lift changes nothing. */
export async function liftModeration(
  firestore: Firestore,
  actor: Actor,
  input: RequestOf<typeof liftModerationCall>,
  now: number,
): Promise<ModerationResult> {
  const current = await readStanding(firestore, input.uid)
  if (!current) return { uid: input.uid, level: 'none', changed: false }
  const reason = input.reason.trim()
  await applyStanding(
    firestore,
    actor,
    input.uid,
    undefined,
    { level: 'none', reason },
    {
      action: 'lift-moderation',
      eventId: '',
      eventDate: '',
      change: { member: input.uid, was: current.level, reason },
      at: now,
    },
  )
  return { uid: input.uid, level: 'none', changed: true }
}
