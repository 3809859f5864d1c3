/**
 * picks/{night}_{from}_{to}: one guest of an evening picked another, told to nobody; two picks of
 * each other make a connection (lib/data/connections.ts). An evening's picks go when its window
 * closes. The only module that names the collection (dev/lint/data-owners.test.mjs).
 */
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader, deleteFound } from '../documents'
import { expiry } from '../retention'

const PickSchema = v.object({ night: v.string(), from: v.string(), to: v.string(), at: v.number() })
export type PickRecord = v.InferOutput<typeof PickSchema>

const picks = (firestore: Firestore) => collectionOf(firestore, 'picks')
const records = checkedReader('picks', PickSchema)
const pickRef = (firestore: Firestore, night: string, from: string, to: string) =>
  picks(firestore).doc(`${night}_${from}_${to}`)

/** Records the pick, kept as long as its evening's (`eventDate`). */
export async function savePick(firestore: Firestore, pick: PickRecord, eventDate: string): Promise<void> {
  await pickRef(firestore, pick.night, pick.from, pick.to).set({ ...pick, ...expiry('picks', pick.at, eventDate) })
}

/** Takes a pick back (unpicked, or a block that landed meanwhile). */
export async function deletePick(firestore: Firestore, night: string, from: string, to: string): Promise<void> {
  await pickRef(firestore, night, from, to).delete()
}

/** Whether `from` picked `to` at this evening. */
export const hasPicked = async (firestore: Firestore, night: string, from: string, to: string) =>
  (await pickRef(firestore, night, from, to).get()).exists

/** Whom the member picked at this evening. */
export const pickedBy = async (firestore: Firestore, night: string, uid: string) =>
  records.all(await picks(firestore).where('night', '==', night).where('from', '==', uid).get()).map((pick) => pick.to)

/** Every pick the member made (their data export). */
export const picksBy = async (firestore: Firestore, uid: string) =>
  records.all(await picks(firestore).where('from', '==', uid).get())

/** Deletes the two members' picks of each other, at every evening they met: a removed or blocked pair does not connect again by itself. */
export const unpick = (firestore: Firestore, a: string, b: string): Promise<void> =>
  deleteFound(
    picks(firestore).where('from', '==', a).where('to', '==', b),
    picks(firestore).where('from', '==', b).where('to', '==', a),
  )

/** Deletes an evening's picks (its window closed); answers how many there were. */
export async function closePicks(firestore: Firestore, night: string): Promise<number> {
  const found = await picks(firestore).where('night', '==', night).get()
  await Promise.all(found.docs.map((pick) => pick.ref.delete()))
  return found.size
}

/** Deletes every pick the member made and every pick of them (their account is deleted). */
export const forgetPicks = (firestore: Firestore, uid: string): Promise<void> =>
  deleteFound(picks(firestore).where('from', '==', uid), picks(firestore).where('to', '==', uid))
