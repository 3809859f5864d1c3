/**
 * What the evening after keeps that has no data module yet, and how the services read it: picks and
 * sharing (their records and references), and what every job of the member's side starts from (the
 * member's own night, the guest behind a guest id, a connection as the member sees it). Blocks,
 * connections, feedback and reports are lib/data's. The services beside it (feedback, picks,
 * reports, sharing) hold the rules, not the field plumbing.
 */

import { createHash } from 'node:crypto'
import {
  AFTER_MESSAGES,
  type ConnectionView,
  type ContactKind,
  isOpen,
  NO_SHARING,
  nightId,
  type Sharing,
} from '@yaari/domain/after-night'
import type { RequestOf, ResponseOf } from '@yaari/domain/callable'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { collectionOf } from '../../lib/collections'
import type { ConnectionRecord } from '../../lib/data/connections'
import { reader } from '../../lib/documents'
import { readBooking } from '../../lib/records'
import { guestKey, type NightGuest, type NightRecord, readNight } from './nights'

export type Member = { uid: string }

/**
 * A member's call about their evenings, as its callable runs it: the store, the member the verified
 * token names, the checked request and the server's time; it answers what its contract says.
 */
export type MemberCall<C> = (
  firestore: Firestore,
  member: Member,
  input: RequestOf<C>,
  now: number,
) => Promise<ResponseOf<C>>

/** picks/{night}_{from}_{to}: one guest picked another, told to nobody. */
export interface PickRecord {
  night: string
  from: string
  to: string
  at: number
}

export const pickRecords = reader<PickRecord>()
/** member_sharing/{uid}: what a member's connections see of them. */
export const sharingRecords = reader<Sharing>()

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

/** The uid behind a guest id of this evening's list (never the caller). */
export function guestOf({ night, id }: Night, member: Member, guestId: string): { uid: string; guest: NightGuest } {
  if (guestKey(id, member.uid) === guestId) throw new HttpsError('invalid-argument', AFTER_MESSAGES.notYourself)
  const found = Object.entries(night.guests).find(([uid]) => guestKey(id, uid) === guestId)
  if (!found) throw new HttpsError('not-found', AFTER_MESSAGES.unknownGuest)
  return { uid: found[0], guest: found[1] }
}

export const sharingRef = (firestore: Firestore, uid: string) => collectionOf(firestore, 'member_sharing').doc(uid)

export async function sharingOf(firestore: Firestore, uids: readonly string[]): Promise<Map<string, Sharing>> {
  if (uids.length === 0) return new Map()
  const docs = await firestore.getAll(...uids.map((uid) => sharingRef(firestore, uid)))
  return new Map(docs.map((doc) => [doc.id, sharingRecords.one(doc) ?? NO_SHARING]))
}

export const pickRef = (firestore: Firestore, night: string, from: string, to: string) =>
  collectionOf(firestore, 'picks').doc(`${night}_${from}_${to}`)
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
      ? { contact: { kind: shared.contactKind as Exclude<ContactKind, 'none'>, value: shared.contact } }
      : {}),
    eventId: record.event_id,
    eventDate: record.event_date,
    at: new Date(record.at).toISOString(),
  }
}
