/**
 * What every job of the member's side of the evening after starts from: the member's own night, the
 * guest behind a guest id, a connection as the member sees it. Its records (blocks, connections,
 * feedback, picks, reports, sharing) are lib/data's. The services beside it (feedback, picks,
 * reports, sharing) hold the rules, not the field plumbing.
 */

import { createHash } from 'node:crypto'
import { AFTER_MESSAGES, type ConnectionView, NO_SHARING, type Sharing } from '@yaari/domain/after-night'
import { isOpen, nightId } from '@yaari/domain/after-night-rules'
import type { RequestOf, ResponseOf } from '@yaari/domain/callable'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { type Member as Caller, type Context, nowOf } from '../../lib/context'
import { readBooking } from '../../lib/data/bookings'
import type { ConnectionRecord } from '../../lib/data/connections'
import { type NightGuest, type NightRecord, readNight } from '../../lib/data/nights'
import { guestKey } from './nights'

type Member = Pick<Caller, 'uid'>

/**
 * A member's call about their evenings, as its callable runs it (lib/context.ts): the context, the
 * member the verified token names and the checked request; it answers what its contract says.
 */
export type MemberCall<C, Ctx = Pick<Context, 'firestore' | 'now'>> = (
  context: Ctx,
  member: Member,
  input: RequestOf<C>,
) => Promise<ResponseOf<C>>

/** The member's booking and the evening it belongs to, or a refusal that says nothing of anyone else. */
export async function myNight(firestore: Firestore, member: Member, orderId: string) {
  const booking = await readBooking(firestore, orderId)
  if (!booking || booking.user_id !== member.uid) throw new HttpsError('not-found', 'No such booking.')
  const night = await readNight(firestore, booking.event_id, booking.event_date)
  if (!night || night.asked_at === undefined) throw new HttpsError('failed-precondition', AFTER_MESSAGES.notOpenYet)
  if (!night.guests[member.uid] || booking.status !== 'confirmed')
    throw new HttpsError('permission-denied', AFTER_MESSAGES.notAGuest)
  return { booking, night, id: nightId(booking.event_id, booking.event_date) }
}

export type Night = Awaited<ReturnType<typeof myNight>>

export const nightState = (night: NightRecord) => ({
  eventDate: night.event_date,
  opened: night.asked_at !== undefined,
  closed: night.closed,
})

export function requireOpen(night: NightRecord, now: number) {
  if (!isOpen(nightState(night), now)) throw new HttpsError('failed-precondition', AFTER_MESSAGES.closed)
}

/**
 * A member's step towards another guest of their evening (a pick, a report): their night, the other
 * guest, and the time, refused once the evening after has closed.
 */
export async function towardsGuest(
  context: Pick<Context, 'firestore' | 'now'>,
  member: Member,
  { orderId, guestId }: { orderId: string; guestId: string },
) {
  const now = nowOf(context)
  const night = await myNight(context.firestore, member, orderId)
  const other = guestOf(night, member, guestId)
  requireOpen(night.night, now)
  return { night, ...other, now }
}

/** The uid behind a guest id of this evening's list (never the caller). */
export function guestOf({ night, id }: Night, member: Member, guestId: string): { uid: string; guest: NightGuest } {
  if (guestKey(id, member.uid) === guestId) throw new HttpsError('invalid-argument', AFTER_MESSAGES.notYourself)
  const found = Object.entries(night.guests).find(([uid]) => guestKey(id, uid) === guestId)
  if (!found) throw new HttpsError('not-found', AFTER_MESSAGES.unknownGuest)
  return { uid: found[0], guest: found[1] }
}

export const reportKey = (night: string, reporter: string, reported: string) =>
  createHash('sha256').update(`report:${night}:${reporter}:${reported}`).digest('hex').slice(0, 20)

export function connectionView(
  id: string,
  record: ConnectionRecord,
  me: string,
  sharing: Map<string, Sharing>,
): ConnectionView {
  const other = record.members.find((uid) => uid !== me) ?? me
  const shared = sharing.get(other) ?? NO_SHARING
  return {
    connectionId: id,
    firstName: record.names[other] ?? 'A guest',
    ...(shared.contactKind !== 'none' && shared.contact
      ? { contact: { kind: shared.contactKind, value: shared.contact } }
      : {}),
    eventId: record.event_id,
    eventDate: record.event_date,
    at: new Date(record.at).toISOString(),
  }
}
