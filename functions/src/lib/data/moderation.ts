/**
 * moderation/{uid}: a member's standing, a warning, a suspension until a day (inclusive, IST) or a
 * ban, with the reason they were told. Read where a member books or joins a waitlist; written by a
 * host's or an admin's decision, only over the version it was decided on. The only module that
 * names the collection (dev/lint/data-owners.test.mjs).
 */
import { standingMessage } from '@yaari/domain/booking'
import { moderationPath } from '@yaari/domain/host'
import { formatLongDate, istToday } from '@yaari/domain/schedule'
import { type DocumentSnapshot, FieldValue, type Firestore, type WriteBatch } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { checkedReader } from '../documents'

// A standing counts by its level alone, as it always has: a document with a valid level and any
// other field missing or odd still bars the member (the rest falls back), never lets them through.
const StandingSchema = v.object({
  level: v.picklist(['warning', 'suspended', 'banned']),
  until: v.fallback(v.optional(v.string()), undefined),
  reason: v.fallback(v.string(), ''),
  at: v.fallback(v.number(), 0),
  /** Set by an admin: a host may not lower or replace it. */
  by_admin: v.fallback(v.optional(v.literal(true)), undefined),
})
export type Standing = v.InferOutput<typeof StandingSchema>
const records = checkedReader('moderation', StandingSchema)
const standingRef = (firestore: Firestore, uid: string) => firestore.doc(moderationPath(uid))

async function readStanding(firestore: Firestore, uid: string): Promise<Standing | undefined> {
  return records.one(await standingRef(firestore, uid).get())
}

/** A member's standing as a decision reads it: the standing, and the version a change is written over. */
export interface StandingRead {
  standing: Standing | undefined
  version: DocumentSnapshot
}

/** Reads the member's standing for a decision about it. */
export async function readStandingForChange(firestore: Firestore, uid: string): Promise<StandingRead> {
  const version = await standingRef(firestore, uid).get()
  return { standing: records.one(version), version }
}

/**
 * Writes the new standing (or lifts it) in the decision's batch, only over the version it read (its
 * update time, or its absence): one set meanwhile is never overwritten by a decision made on the one
 * before (the batch fails: already-exists or failed-precondition).
 */
export function writeStandingInBatch(batch: WriteBatch, read: StandingRead, standing: Standing | undefined): void {
  const { version } = read
  const precondition = version.updateTime ? { lastUpdateTime: version.updateTime } : {}
  if (!version.exists) {
    if (standing) batch.create(version.ref, standing)
  } else if (standing) {
    const { level, reason, at, until = FieldValue.delete(), by_admin = FieldValue.delete() } = standing
    batch.update(version.ref, { level, reason, at, until, by_admin }, precondition)
  } else batch.delete(version.ref, precondition)
}

/** Deletes the member's standing (their account is deleted). */
export async function forgetStanding(firestore: Firestore, uid: string): Promise<void> {
  await standingRef(firestore, uid).delete()
}

/** The standing of each of these members that still holds (a suspension whose last day has passed does not). */
export async function readStandings(firestore: Firestore, uids: readonly string[], now: number) {
  const standings = new Map<string, Standing>()
  if (uids.length === 0) return standings
  const today = istToday(new Date(now))
  for (const doc of await firestore.getAll(...uids.map((uid) => standingRef(firestore, uid)))) {
    const standing = records.one(doc)
    if (standing && !(standing.level === 'suspended' && (!standing.until || standing.until < today)))
      standings.set(doc.id, standing)
  }
  return standings
}

/** Why this member may not book now (suspended until a day not yet past, or banned), or undefined. */
export async function refusalFor(firestore: Firestore, uid: string, now: number): Promise<string | undefined> {
  const standing = await readStanding(firestore, uid)
  if (!standing || standing.level === 'warning') return undefined
  if (standing.level === 'suspended' && (!standing.until || standing.until < istToday(new Date(now)))) return undefined
  return standingMessage({ ...standing, until: standing.until && formatLongDate(standing.until) })
}

/** Whether the member's standing is a ban (a number they verified stays refused to new accounts). */
export async function isBanned(firestore: Firestore, uid: string): Promise<boolean> {
  return (await readStanding(firestore, uid))?.level === 'banned'
}
