/**
 * Sharing a date's venue brief (where exactly the table is). The team shares it about 24 hours
 * before the event; confirmed tickets show it from then on, and keep it offline on the device.
 * Written by a host (the console's shareVenue) or the team's `share-venue` command, never by a
 * browser directly.
 */

import { type VenueBrief, venueBriefPath, venueBriefSchema } from '@yaari/domain/booking'
import { type DocumentData, type DocumentReference, FieldValue, type Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { expiry } from '../lib/retention'

/** What a change of brief is: the first share, a change (a new version), or the same again. */
export type BriefChange = { change: 'shared' | 'changed'; version: number } | { change: 'unchanged'; version: number }

/** A stored brief as members and hosts see it (without what the store adds: version, times, expiry); undefined if it is not one. */
export function storedBrief(data: Record<string, unknown> | undefined): VenueBrief | undefined {
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
  alongside: (change: Exclude<BriefChange, { change: 'unchanged' }>) => [DocumentReference, DocumentData][] = () => [],
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
  for (const [other, data] of alongside(change)) batch.create(other, data)
  await batch.commit()
  return change
}
