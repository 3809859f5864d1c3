/**
 * venue_briefs/{eventId}_{date}: a date's venue brief (where exactly the table is). The team shares
 * it about 24 hours before the event; confirmed tickets show it from then on, and keep it offline on
 * the device. Written by a host (the console's shareVenue) or the team's `share-venue` command, never
 * by a browser directly. The only module that names the collection (dev/lint/data-owners.test.mjs).
 */

import { type VenueBrief, venueBriefPath, venueBriefSchema } from '@yaari/domain/booking'
import { FieldValue, type Firestore, type WriteBatch } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { warn } from '../log'
import { expiry } from '../retention'

/** What a change of brief is: the first share, a change (a new version), or the same again. */
export type BriefChange = { change: 'shared' | 'changed'; version: number } | { change: 'unchanged'; version: number }

/** A stored brief as members and hosts see it (without what the store adds: version, times, expiry); undefined if it is not one. */
function storedBrief(data: Record<string, unknown> | undefined): VenueBrief | undefined {
  const { shared_at: _sharedAt, version: _version, expire_at: _expireAt, ...brief } = data ?? {}
  const parsed = v.safeParse(venueBriefSchema, brief)
  return parsed.success ? parsed.output : undefined
}

const sameBrief = (a: Record<string, unknown>, b: VenueBrief) =>
  a.venueName === b.venueName && a.address === b.address && a.mapsUrl === b.mapsUrl && a.notes === b.notes

/**
 * Stores a date's brief, replacing an earlier one; the same brief again changes nothing. Each
 * change is a new version (mail about it goes out once per version).
 */
export async function storeVenueBrief(
  firestore: Firestore,
  eventId: string,
  eventDate: string,
  brief: VenueBrief,
  /** What is written with the change, in the same batch (its audit line): both or neither. */
  alongside: (batch: WriteBatch, change: Exclude<BriefChange, { change: 'unchanged' }>) => void = () => undefined,
): Promise<BriefChange> {
  const ref = firestore.doc(venueBriefPath(eventId, eventDate))
  const existing = (await ref.get()).data()
  const version = typeof existing?.version === 'number' ? existing.version : 1
  if (existing && sameBrief(existing, brief)) return { change: 'unchanged', version }
  const next = existing ? version + 1 : 1
  const change = { change: existing ? ('changed' as const) : ('shared' as const), version: next }
  const batch = firestore.batch()
  batch.set(ref, {
    ...brief,
    version: next,
    shared_at: FieldValue.serverTimestamp(),
    ...expiry('venue_briefs', Date.now(), eventDate),
  })
  alongside(batch, change)
  await batch.commit()
  return change
}

/** The date's brief, once shared (one that no longer passes its schema is logged, and none). */
export async function readBrief(firestore: Firestore, eventId: string, date: string): Promise<VenueBrief | undefined> {
  const path = venueBriefPath(eventId, date)
  const snapshot = await firestore.doc(path).get()
  if (!snapshot.exists) return undefined
  const brief = storedBrief(snapshot.data())
  if (!brief) warn('venue-brief-invalid', { path })
  return brief
}

/** Whether the date's brief has been shared. */
export const briefShared = async (firestore: Firestore, eventId: string, date: string) =>
  (await firestore.doc(venueBriefPath(eventId, date)).get()).exists
