/**
 * What the insights count that no record keeps for long: a waitlist place is deleted when the member
 * books, leaves or the date passes, and an offer not taken leaves no booking. The paths that make
 * them note each here once, under a digest of what makes it unique (never a uid), so a retry or a
 * run finishing another's work notes the same key: counting the keys counts each once. The only
 * module that names insight_tallies (dev/lint/data-owners.test.mjs).
 */
import { tallyKey } from '@yaari/domain/insights'
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'
import { expiry } from '../retention'

export type TallyKind = 'joins' | 'offers'

/** insight_tallies/{eventId}_{date}: a key per waitlist join and per offer made. */
const keys = v.optional(v.record(v.string(), v.literal(true)))
const TallySchema = v.object({ event_id: v.string(), event_date: v.string(), joins: keys, offers: keys })
const tallies = checkedReader('insight_tallies', TallySchema)

const tallyRef = (firestore: Firestore, eventId: string, date: string) =>
  collectionOf(firestore, 'insight_tallies').doc(`${eventId}_${date}`)

/** Notes a join or an offer of a date, once however often it is noted. */
export async function noteTally(
  firestore: Firestore,
  eventId: string,
  date: string,
  kind: TallyKind,
  unique: string,
  now: number,
): Promise<void> {
  await tallyRef(firestore, eventId, date).set(
    {
      event_id: eventId,
      event_date: date,
      [kind]: { [await tallyKey(unique)]: true },
      ...expiry('insight_tallies', now, date),
    },
    { merge: true },
  )
}

/** A date's joins and offers: the keys noted. */
export async function readTally(firestore: Firestore, eventId: string, date: string) {
  const record = tallies.one(await tallyRef(firestore, eventId, date).get())
  return { joins: Object.keys(record?.joins ?? {}), offers: Object.keys(record?.offers ?? {}) }
}
