/**
 * The moderation ladder from a guest-list row: a first warning, a suspension until a day, a ban,
 * each with the reason the member is told by email; an admin lifts it. A suspended or banned member
 * cannot book or join a waitlist (lib/standing.ts); their paid seats stay. The same step with the
 * same reason again changes nothing and sends nothing.
 *
 * What a host may do is narrower than what an admin may: a host acts only on a member who paid for
 * a seat of that date (or holds a live waitlist place on it), never on a host, an admin or
 * themselves, never lowers or replaces a standing an admin set, and never lowers one another host
 * set either (a ban is not turned into a warning, a suspension is not shortened): a host goes up the
 * ladder; only an admin comes down it.
 */

import type { RequestOf } from '@yaari/domain/callable'
import type { Catalogue } from '@yaari/domain/catalogue'
import { errorCode } from '@yaari/domain/error-code'
import {
  HOST_MESSAGES,
  type liftModerationCall,
  type ModerationResult,
  type moderateMemberCall,
} from '@yaari/domain/host'
import { isHost, rolesOf } from '@yaari/domain/roles'
import { istToday } from '@yaari/domain/schedule'
import type { Auth } from 'firebase-admin/auth'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import type { HostCaller } from '../../lib/auth'
import { type Context, nowOf } from '../../lib/context'
import { memberBookingsOfDate } from '../../lib/data/bookings'
import { createMailInBatch } from '../../lib/data/mail'
import {
  readStandingForChange,
  type Standing,
  type StandingRead,
  writeStandingInBatch,
} from '../../lib/data/moderation'
import { profileEmail } from '../../lib/data/user-profiles'
import { entryId, readEntry } from '../../lib/data/waitlist'
import { type Actor, type AuditInput, type AuditSubject, auditInBatch, onDate } from '../audit'
import { memberMailRecord } from '../mail/outbox'

const LEVELS = { warn: 'warning', suspend: 'suspended', ban: 'banned' } as const
/** The ladder's steps, lowest first. */
const RANK: Readonly<Record<string, number>> = { warning: 1, suspended: 2, banned: 3 }

/** Whether `next` is below `current` on the ladder (a shorter suspension is below a longer one). */
function lowers(current: Standing, next: { level: string; until?: string | undefined }): boolean {
  const [was, now] = [RANK[current.level] ?? 0, RANK[next.level] ?? 0]
  if (now !== was) return now < was
  return current.level === 'suspended' && current.until !== undefined && (next.until ?? '') < current.until
}

/** A booking that was paid for: confirmed, or cancelled or refunded after it was. */
const PAID_STATES = new Set(['confirmed', 'cancelled', 'refunded'])
/** A waitlist place still in line (or offered a seat). */
const LIVE_PLACES = new Set(['waiting', 'offered'])

/**
 * Whether the member was really at (or in line for) that date: a booking paid for, or a waitlist
 * place still live. A hold that expired or a failed payment is not a reason for a host to act.
 */
async function onGuestList(firestore: Firestore, uid: string, eventId: string, eventDate: string) {
  const [bookings, waiting] = await Promise.all([
    memberBookingsOfDate(firestore, uid, eventId, eventDate),
    readEntry(firestore, entryId(eventId, eventDate, uid)),
  ])
  const paid = bookings.some(
    (booking) => PAID_STATES.has(booking.status) && (booking.status === 'confirmed' || booking.paid_at !== undefined),
  )
  return paid || (waiting !== undefined && LIVE_PLACES.has(waiting.status))
}

/** The date a moderation names, as its audit line is about it (the member's account, were the event gone). */
function aboutDate(catalogue: Catalogue, input: { uid: string; eventId: string; eventDate: string }): AuditSubject {
  const event = catalogue.eventById(input.eventId)
  return event ? onDate(event, input.eventDate) : { account: input.uid }
}

/** Refuses what a host (not an admin) may not do to this member, given the standing they hold now. */
async function refuseBeyondHost(
  auth: Pick<Auth, 'getUser'>,
  catalogue: Catalogue,
  host: HostCaller,
  uid: string,
  current: Standing | undefined,
  next: { level: string; until?: string | undefined },
  today: string,
) {
  if (host.roles.admin) return
  if (uid === host.uid) throw new HttpsError('permission-denied', HOST_MESSAGES.notYourself)
  const member = await auth.getUser(uid).catch(() => undefined)
  if (member && isHost(rolesOf(catalogue, member.customClaims)))
    throw new HttpsError('permission-denied', HOST_MESSAGES.notStaff)
  const ended = current?.level === 'suspended' && current.until !== undefined && current.until < today
  if (current?.by_admin && !ended) throw new HttpsError('permission-denied', HOST_MESSAGES.adminStanding)
  if (current && !ended && lowers(current, next)) throw new HttpsError('permission-denied', HOST_MESSAGES.lowerStanding)
}

/**
 * Tries `attempt` again when the standing it read changed before it wrote; after three such losses
 * answers `aborted` with a message, never an internal error.
 */
async function onStandingRead<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt()
    } catch (error) {
      // FAILED_PRECONDITION (the update time moved) or ALREADY_EXISTS (one was set meanwhile).
      const code = errorCode(error)
      if (code !== 6 && code !== 9) throw error
      if (tries >= 3) throw new HttpsError('aborted', HOST_MESSAGES.standingBusy)
    }
  }
}

/**
 * Writes a member's new standing (or lifts it), the email that tells them and the audit line in
 * one batch: a run cut off part-way leaves all three or none, so a repeat is never "unchanged"
 * while the member was never told. The standing is written only over the one `read` found (its
 * update time, or its absence): one set meanwhile (an admin's ban while a host warns) is never
 * overwritten by a decision made on the one before.
 */
async function applyStanding(
  firestore: Firestore,
  actor: Actor,
  uid: string,
  read: StandingRead,
  standing: Standing | undefined,
  notice: { level: ModerationResult['level']; reason: string; until?: string },
  audit: AuditInput,
) {
  const batch = firestore.batch()
  const to = await profileEmail(firestore, uid)
  if (to) {
    createMailInBatch(
      batch,
      firestore,
      `member_${uid}_moderation_${audit.at}`,
      memberMailRecord({ orderId: `member_${uid}`, to }, { kind: 'moderation', notice }, audit.at),
    )
  }
  writeStandingInBatch(batch, read, standing)
  auditInBatch(batch, firestore, actor, audit)
  await batch.commit()
}

export async function moderateMember(
  context: Context & { auth: Pick<Auth, 'getUser'> },
  actor: HostCaller,
  input: RequestOf<typeof moderateMemberCall>,
): Promise<ModerationResult> {
  const { firestore, auth, catalogue } = context
  const now = nowOf(context)
  if (input.until && input.until < istToday(new Date(now)))
    throw new HttpsError('invalid-argument', HOST_MESSAGES.untilPast)
  const level = LEVELS[input.action]
  const reason = input.reason.trim()
  const result = { uid: input.uid, level, ...(input.until ? { until: input.until } : {}) }
  const until = input.until ? { until: input.until } : {}
  return onStandingRead(async () => {
    const read = await readStandingForChange(firestore, input.uid)
    const current = read.standing
    await refuseBeyondHost(
      auth,
      catalogue,
      actor,
      input.uid,
      current,
      { level, until: input.until },
      istToday(new Date(now)),
    )
    if (!(await onGuestList(firestore, input.uid, input.eventId, input.eventDate))) {
      throw new HttpsError('failed-precondition', HOST_MESSAGES.notOnList)
    }
    if (current && current.level === level && current.reason === reason && current.until === input.until) {
      return { ...result, changed: false }
    }
    const standing: Standing = { level, reason, at: now, ...until, ...(actor.roles.admin ? { by_admin: true } : {}) }
    await applyStanding(
      firestore,
      actor,
      input.uid,
      read,
      standing,
      { level, reason, ...until },
      {
        action: 'moderate',
        about: aboutDate(catalogue, input),
        change: { member: input.uid, level, reason, ...until },
        at: now,
      },
    )
    return { ...result, changed: true }
  })
}

/** An admin lifts a member's standing; nothing to lift changes nothing. */
export async function liftModeration(
  context: Pick<Context, 'firestore' | 'now'>,
  actor: Actor,
  input: RequestOf<typeof liftModerationCall>,
): Promise<ModerationResult> {
  const { firestore } = context
  const now = nowOf(context)
  return onStandingRead(async () => {
    const read = await readStandingForChange(firestore, input.uid)
    const current = read.standing
    if (!current) return { uid: input.uid, level: 'none', changed: false }
    const reason = input.reason.trim()
    await applyStanding(
      firestore,
      actor,
      input.uid,
      read,
      undefined,
      { level: 'none', reason },
      {
        action: 'lift-moderation',
        about: { account: input.uid },
        change: { member: input.uid, was: current.level, reason },
        at: now,
      },
    )
    return { uid: input.uid, level: 'none', changed: true }
  })
}
