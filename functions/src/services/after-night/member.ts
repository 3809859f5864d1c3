/**
 * The member's side of the evening after. Every call names the member's own booking of a date; the
 * member must have come to it (the night's record lists them), or they are refused before anything
 * is read about the others. Feedback, picks and reports are taken only while the evening is open;
 * a member may remove a connection or block someone from it at any time.
 *
 * A pick is told to nobody. When it completes a pair (the other picked them too, neither blocked
 * the other), the connection is created once (connections/{id of the pair}, a create()), both are
 * emailed, and each sees the other's first name and what they chose to share for connections.
 * A report names the reporter only to the functions: hosts see whom it is about, never who made it.
 */

import { createHash } from 'node:crypto'
import type {
  blockGuestCall,
  pickGuestCall,
  removeConnectionCall,
  reportGuestCall,
  saveFeedbackCall,
  saveSharingCall,
} from '@yaari/domain/after-night'
import {
  AFTER_MESSAGES,
  type AfterNightView,
  type Blocks,
  blockedBetween,
  type ConnectionView,
  type ContactKind,
  guestsSeenBy,
  type ImproveOption,
  isOpen,
  makesConnection,
  NO_SHARING,
  nightId,
  pairId,
  REPORTS_PER_DAY,
  type ReportReason,
  type Sharing,
  windowCloses,
} from '@yaari/domain/after-night'
import type { RequestOf } from '@yaari/domain/callable'
import { istToday } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { FieldValue } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { claimFirst } from '../../lib/claims'
import { collectionOf, refs } from '../../lib/collections'
import { isAlreadyExists, readBooking } from '../../lib/records'
import { expiry } from '../../lib/retention'
import { mailRef, noticeRecord } from '../mail/outbox'
import { connectionKey, guestKey, type NightGuest, type NightRecord, nightRef } from './nights'

type Member = { uid: string }

/** connections/{id}: two members who picked each other, and where they met. */
export interface ConnectionRecord {
  members: [string, string]
  event_id: string
  event_date: string
  names: Record<string, string>
  at: number
}

/** reports/{id}: a report about a member; the reporter's uid is known to the functions alone. */
export interface ReportRecord {
  night: string
  event_id: string
  event_date: string
  city: string
  /** Absent once the reporter deleted their account: the report stays, without who made it. */
  reporter_uid?: string
  reported_uid: string
  reported_name: string
  reason: ReportReason
  text: string
  at: number
  status: 'open' | 'resolved' | 'dismissed'
  resolution?: { action: string; reason: string; by: string; by_uid: string | null; at: number; until?: string }
}

/** The member's booking and the evening it belongs to, or a refusal that says nothing of anyone else. */
async function myNight(firestore: Firestore, member: Member, orderId: string) {
  const booking = await readBooking(firestore, orderId)
  if (!booking || booking.user_id !== member.uid) throw new HttpsError('not-found', 'No such booking.')
  const snapshot = await nightRef(firestore, booking.event_id, booking.event_date).get()
  const night = snapshot.data() as NightRecord | undefined
  if (!night || night.asked_at === undefined) throw new HttpsError('failed-precondition', AFTER_MESSAGES.notOpenYet)
  if (!night.guests[member.uid] || booking.status !== 'confirmed')
    throw new HttpsError('permission-denied', AFTER_MESSAGES.notAGuest)
  return { booking, night, id: nightId(booking.event_id, booking.event_date) }
}

type Night = Awaited<ReturnType<typeof myNight>>

const nightState = (night: NightRecord) => ({
  eventDate: night.event_date,
  opened: night.asked_at !== undefined,
  closed: night.closed,
})

function requireOpen(night: NightRecord, now: number) {
  if (!isOpen(nightState(night), now)) throw new HttpsError('failed-precondition', AFTER_MESSAGES.closed)
}

/** The uid behind a guest id of this evening's list (never the caller). */
function guestOf({ night, id }: Night, member: Member, guestId: string): { uid: string; guest: NightGuest } {
  if (guestKey(id, member.uid) === guestId) throw new HttpsError('invalid-argument', AFTER_MESSAGES.notYourself)
  const found = Object.entries(night.guests).find(([uid]) => guestKey(id, uid) === guestId)
  if (!found) throw new HttpsError('not-found', AFTER_MESSAGES.unknownGuest)
  return { uid: found[0], guest: found[1] }
}

/** Every block the member made or is under. */
async function blocksOf(firestore: Firestore, uid: string): Promise<Blocks> {
  const [made, under] = await Promise.all([
    collectionOf(firestore, 'blocks').where('from', '==', uid).get(),
    collectionOf(firestore, 'blocks').where('to', '==', uid).get(),
  ])
  return [...made.docs, ...under.docs].map((doc) => ({ from: String(doc.get('from')), to: String(doc.get('to')) }))
}

const sharingRef = (firestore: Firestore, uid: string) => collectionOf(firestore, 'member_sharing').doc(uid)

async function sharingOf(firestore: Firestore, uids: readonly string[]): Promise<Map<string, Sharing>> {
  if (uids.length === 0) return new Map()
  const docs = await firestore.getAll(...uids.map((uid) => sharingRef(firestore, uid)))
  return new Map(docs.map((doc) => [doc.id, (doc.exists ? doc.data() : NO_SHARING) as Sharing]))
}

const pickRef = (firestore: Firestore, night: string, from: string, to: string) =>
  collectionOf(firestore, 'picks').doc(`${night}_${from}_${to}`)
const connectionRef = (firestore: Firestore, a: string, b: string) =>
  collectionOf(firestore, 'connections').doc(connectionKey(pairId(a, b)))
export const reportKey = (night: string, reporter: string, reported: string) =>
  createHash('sha256').update(`report:${night}:${reporter}:${reported}`).digest('hex').slice(0, 20)

function connectionView(
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

async function myConnections(firestore: Firestore, uid: string) {
  const found = await collectionOf(firestore, 'connections').where('members', 'array-contains', uid).get()
  return found.docs.map((doc) => ({ id: doc.id, record: doc.data() as ConnectionRecord }))
}

/** getAfterNight: the evening as this guest sees it. */
export async function getAfterNight(
  firestore: Firestore,
  member: Member,
  { orderId }: { orderId: string },
  now: number,
): Promise<AfterNightView> {
  const night = await myNight(firestore, member, orderId)
  const { id } = night
  const blocks = await blocksOf(firestore, member.uid)
  const others = guestsSeenBy(
    member.uid,
    Object.entries(night.night.guests).map(([uid, guest]) => ({ uid, ...guest })),
    blocks,
  )
  const [picks, connections, feedback, reports, sharing, profiles] = await Promise.all([
    collectionOf(firestore, 'picks').where('night', '==', id).where('from', '==', member.uid).get(),
    myConnections(firestore, member.uid),
    collectionOf(firestore, 'feedback').doc(`${id}_${member.uid}`).get(),
    collectionOf(firestore, 'reports').where('night', '==', id).where('reporter_uid', '==', member.uid).get(),
    sharingOf(firestore, [...others.map((guest) => guest.uid)]),
    others.length ? firestore.getAll(...others.map((guest) => refs.profile(firestore, guest.uid))) : [],
  ])
  const picked = new Set(picks.docs.map((doc) => String(doc.get('to'))))
  const connectedWith = new Set(connections.flatMap(({ record }) => record.members))
  const reported = new Map(reports.docs.map((doc) => [String(doc.get('reported_uid')), doc]))
  const photos = new Map(profiles.map((doc) => [doc.id, doc.get('profile_picture_url') as unknown]))
  const hereConnections = connections.filter(({ record }) => others.some((guest) => record.members.includes(guest.uid)))
  const record = feedback.data()
  return {
    orderId,
    eventId: night.night.event_id,
    eventDate: night.night.event_date,
    open: isOpen(nightState(night.night), now),
    closesAt: new Date(windowCloses(night.night.event_date)).toISOString(),
    feedback: record
      ? {
          rating: Number(record.rating),
          comment: String(record.comment ?? ''),
          improve: record.improve as ImproveOption[],
        }
      : null,
    guests: others.map((guest) => {
      const photo = photos.get(guest.uid)
      return {
        guestId: guestKey(id, guest.uid),
        firstName: guest.first_name,
        ...(sharing.get(guest.uid)?.showPhoto && typeof photo === 'string' && photo ? { photoUrl: photo } : {}),
        picked: picked.has(guest.uid),
        connected: connectedWith.has(guest.uid),
        reported: reported.has(guest.uid),
      }
    }),
    connections: hereConnections.map(({ id: connectionId, record: c }) =>
      connectionView(connectionId, c, member.uid, sharing),
    ),
    reports: [...reported.entries()].map(([uid, doc]) => ({
      guestId: guestKey(id, uid),
      firstName: String(doc.get('reported_name')),
      reason: doc.get('reason') as ReportReason,
      at: new Date(Number(doc.get('at'))).toISOString(),
      lookedAt: doc.get('status') !== 'open',
    })),
  }
}

/** saveFeedback: the guest's rating, comment and what to improve; saved again while open. */
export async function saveFeedback(
  firestore: Firestore,
  member: Member,
  input: RequestOf<typeof saveFeedbackCall>,
  now: number,
): Promise<{ saved: true; changed: boolean }> {
  const night = await myNight(firestore, member, input.orderId)
  requireOpen(night.night, now)
  const ref = collectionOf(firestore, 'feedback').doc(`${night.id}_${member.uid}`)
  const existing = (await ref.get()).data()
  const comment = (input.comment ?? '').trim()
  const improve = [...(input.improve ?? [])].sort()
  if (
    existing &&
    existing.rating === input.rating &&
    existing.comment === comment &&
    JSON.stringify(existing.improve) === JSON.stringify(improve)
  ) {
    return { saved: true, changed: false }
  }
  await ref.set({
    night: night.id,
    event_id: night.night.event_id,
    event_date: night.night.event_date,
    city: night.night.city,
    user_id: member.uid,
    rating: input.rating,
    comment,
    improve,
    at: existing?.at ?? now,
    updated_at: now,
    ...expiry('feedback', now, night.night.event_date),
  })
  return { saved: true, changed: true }
}

/** Queues the connection's mail to one of the pair, about the other. */
async function tellConnected(firestore: Firestore, uid: string, connection: ConnectionRecord, now: number, id: string) {
  const to = (await refs.profile(firestore, uid).get()).get('email')
  if (typeof to !== 'string' || !to.includes('@')) return
  const other = connection.members.find((m) => m !== uid) ?? uid
  await mailRef(firestore, `member_${uid}_connection_${id}`)
    .create(
      noticeRecord(
        { orderId: `member_${uid}`, to },
        {
          kind: 'connection',
          night: { event_id: connection.event_id, event_date: connection.event_date, name: connection.names[other] },
        },
        now,
      ),
    )
    .catch((error: unknown) => {
      if (!isAlreadyExists(error)) throw error
    })
}

/** pickGuest: picks (or unpicks) another guest; a pick that completes a pair makes the connection. */
export async function pickGuest(
  firestore: Firestore,
  member: Member,
  input: RequestOf<typeof pickGuestCall>,
  now: number,
): Promise<{ picked: boolean; connected: boolean }> {
  const night = await myNight(firestore, member, input.orderId)
  const { uid, guest } = guestOf(night, member, input.guestId)
  requireOpen(night.night, now)
  const blocks = await blocksOf(firestore, member.uid)
  // Across a block nothing is kept, and the answer is an ordinary pick's: a member someone blocked
  // (whose list may be older than the block) never learns it from a refusal.
  if (blockedBetween(blocks, member.uid, uid)) return { picked: input.picked, connected: false }
  const mine = pickRef(firestore, night.id, member.uid, uid)
  const connection = connectionRef(firestore, member.uid, uid)
  if (!input.picked) {
    await mine.delete()
    return { picked: false, connected: (await connection.get()).exists }
  }
  await mine.set({
    night: night.id,
    from: member.uid,
    to: uid,
    at: now,
    ...expiry('picks', now, night.night.event_date),
  })
  const theirs = await pickRef(firestore, night.id, uid, member.uid).get()
  const picks = [{ from: member.uid, to: uid }, ...(theirs.exists ? [{ from: uid, to: member.uid }] : [])]
  if (!makesConnection(member.uid, uid, picks, blocks))
    return { picked: true, connected: (await connection.get()).exists }
  const record: ConnectionRecord = {
    members: [member.uid, uid].sort() as [string, string],
    event_id: night.night.event_id,
    event_date: night.night.event_date,
    names: { [member.uid]: night.night.guests[member.uid]?.first_name ?? 'A guest', [uid]: guest.first_name },
    at: now,
  }
  try {
    await connection.create(record)
  } catch (error) {
    // Both picked at once, or met again: the pair has its one connection already.
    if (isAlreadyExists(error)) return { picked: true, connected: true }
    throw error
  }
  // A block that landed while this pick was on its way wins: the pair is not connected.
  if (blockedBetween(await blocksOf(firestore, member.uid), member.uid, uid)) {
    await Promise.all([connection.delete(), mine.delete()])
    return { picked: true, connected: false }
  }
  await nightRef(firestore, night.night.event_id, night.night.event_date).update({
    connections: FieldValue.increment(1),
  })
  await Promise.all(record.members.map((m) => tellConnected(firestore, m, record, now, connection.id)))
  return { picked: true, connected: true }
}

/** Deletes the two members' picks of each other, wherever they met: a removed or blocked pair does not connect again by itself. */
async function unpair(firestore: Firestore, a: string, b: string) {
  const picks = await Promise.all([
    collectionOf(firestore, 'picks').where('from', '==', a).where('to', '==', b).get(),
    collectionOf(firestore, 'picks').where('from', '==', b).where('to', '==', a).get(),
  ])
  await Promise.all(picks.flatMap((found) => found.docs.map((doc) => doc.ref.delete())))
}

/** blockGuest: the other guest never appears in the member's lists again, nor the member in theirs; any connection goes. */
export async function blockGuest(
  firestore: Firestore,
  member: Member,
  input: RequestOf<typeof blockGuestCall>,
  now: number,
): Promise<{ blocked: true }> {
  const night = await myNight(firestore, member, input.orderId)
  const { uid } = guestOf(night, member, input.guestId)
  await collectionOf(firestore, 'blocks').doc(`${member.uid}_${uid}`).set({ from: member.uid, to: uid, at: now })
  await unpair(firestore, member.uid, uid)
  await connectionRef(firestore, member.uid, uid).delete()
  return { blocked: true }
}

/** reportGuest: a report about another guest of the evening, at most REPORTS_PER_DAY a day, once per guest. */
export async function reportGuest(
  firestore: Firestore,
  member: Member,
  input: RequestOf<typeof reportGuestCall>,
  now: number,
): Promise<{ reported: true }> {
  const night = await myNight(firestore, member, input.orderId)
  const { uid, guest } = guestOf(night, member, input.guestId)
  requireOpen(night.night, now)
  const ref = collectionOf(firestore, 'reports').doc(reportKey(night.id, member.uid, uid))
  if ((await ref.get()).exists) throw new HttpsError('already-exists', AFTER_MESSAGES.alreadyReported)
  const day = istToday(new Date(now))
  const slots = Array.from({ length: REPORTS_PER_DAY }, (_, i) =>
    collectionOf(firestore, 'report_slots').doc(`${member.uid}_${day}_${i + 1}`),
  )
  if ((await claimFirst(slots, { user_id: member.uid, day, at: now, ...expiry('report_slots', now) })) === undefined) {
    throw new HttpsError('resource-exhausted', AFTER_MESSAGES.tooManyReports)
  }
  const record: ReportRecord = {
    night: night.id,
    event_id: night.night.event_id,
    event_date: night.night.event_date,
    city: night.night.city,
    reporter_uid: member.uid,
    reported_uid: uid,
    reported_name: guest.first_name,
    reason: input.reason,
    text: input.text,
    at: now,
    status: 'open',
  }
  try {
    await ref.create({ ...record, ...expiry('reports', now) })
  } catch (error) {
    if (isAlreadyExists(error)) throw new HttpsError('already-exists', AFTER_MESSAGES.alreadyReported)
    throw error
  }
  return { reported: true }
}

/** listConnections: every connection of the member, what they share, and how many they blocked. */
export async function listConnections(
  firestore: Firestore,
  member: Member,
): Promise<{ connections: ConnectionView[]; sharing: Sharing; blocked: number }> {
  const [connections, blocked] = await Promise.all([
    myConnections(firestore, member.uid),
    collectionOf(firestore, 'blocks').where('from', '==', member.uid).get(),
  ])
  const others = connections.map(({ record }) => record.members.find((uid) => uid !== member.uid) ?? member.uid)
  const sharing = await sharingOf(firestore, [...new Set([member.uid, ...others])])
  return {
    connections: connections
      .map(({ id, record }) => connectionView(id, record, member.uid, sharing))
      .sort((a, b) => b.at.localeCompare(a.at)),
    sharing: sharing.get(member.uid) ?? NO_SHARING,
    blocked: blocked.size,
  }
}

/** removeConnection: either member ends it (their picks of each other go too); neither is told. */
export async function removeConnection(
  firestore: Firestore,
  member: Member,
  { connectionId }: RequestOf<typeof removeConnectionCall>,
): Promise<{ removed: boolean }> {
  const ref = collectionOf(firestore, 'connections').doc(connectionId)
  const record = (await ref.get()).data() as ConnectionRecord | undefined
  if (!record?.members.includes(member.uid)) throw new HttpsError('not-found', AFTER_MESSAGES.noConnection)
  await unpair(firestore, record.members[0], record.members[1])
  await ref.delete()
  return { removed: true }
}

/** saveSharing: what the member's connections see (nothing by default), and whether guests see their photo. */
export async function saveSharing(
  firestore: Firestore,
  member: Member,
  input: RequestOf<typeof saveSharingCall>,
  now: number,
): Promise<{ sharing: Sharing }> {
  const sharing: Sharing = {
    contactKind: input.contactKind,
    contact: input.contactKind === 'none' ? '' : (input.contact ?? '').trim(),
    showPhoto: input.showPhoto,
  }
  await sharingRef(firestore, member.uid).set({ ...sharing, user_id: member.uid, updated_at: now })
  return { sharing }
}
