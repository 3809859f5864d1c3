/**
 * editor_slots/{uid}_{kind}_{day}_{n}: the catalogue editor's daily limits per account (new events,
 * cover uploads, publishes), a limit of N being N documents each claimed with create(). The only
 * module that names the collection (dev/lint/data-owners.test.mjs).
 */
import type { Firestore } from 'firebase-admin/firestore'
import { claimFirst } from '../claims'
import { collectionOf } from '../collections'
import { expiry } from '../retention'

/** A slot claimed: `release` gives it back (what it counted did not happen). */
export interface EditorSlot {
  release(): Promise<void>
}

/** What an editor's daily allowance counts: new events, covers uploaded, publishes. */
export type EditorSlotKind = 'new-event' | 'cover' | 'publish'

/** Claims one of the account's `limit` slots of `kind` for the IST `day`; undefined when all are taken. */
export async function claimEditorSlot(
  firestore: Firestore,
  { uid, kind, day, limit }: { uid: string; kind: EditorSlotKind; day: string; limit: number },
  now: number,
): Promise<EditorSlot | undefined> {
  const slots = Array.from({ length: limit }, (_, i) =>
    collectionOf(firestore, 'editor_slots').doc(`${uid}_${kind}_${day}_${i + 1}`),
  )
  const claimed = await claimFirst(slots, { user_id: uid, kind, day, at: now, ...expiry('editor_slots', now) })
  const slot = claimed === undefined ? undefined : slots[claimed]
  return slot && { release: async () => void (await slot.delete()) }
}
