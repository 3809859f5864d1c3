/**
 * blocks/{from}_{to}: a member (`from`) blocked another (`to`) after an evening: neither appears in
 * the other's lists again, and the two are never seated in one group. The only module that names
 * the collection (dev/lint/data-owners.test.mjs): the evening after writes a block, the groups keep
 * blocked pairs apart, the account exports and forgets them, all through these.
 */
import type { Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader, deleteFound, readWhereAny } from '../documents'

const BlockSchema = v.object({ from: v.string(), to: v.string(), at: v.number() })
export type BlockRecord = v.InferOutput<typeof BlockSchema>

const blocks = (firestore: Firestore) => collectionOf(firestore, 'blocks')
const records = checkedReader('blocks', BlockSchema)

/** `from` blocks `to` (again: the same block, its time renewed). */
export async function recordBlock(firestore: Firestore, block: BlockRecord): Promise<void> {
  await blocks(firestore).doc(`${block.from}_${block.to}`).set(block)
}

/** The blocks a member made. */
export const blocksBy = async (firestore: Firestore, uid: string): Promise<BlockRecord[]> =>
  records.all(await blocks(firestore).where('from', '==', uid).get())

/** The blocks made by any of up to 30 members (a Firestore `in` query's most), for the group planner. */
export const blocksByAny = (firestore: Firestore, uids: readonly string[]): Promise<BlockRecord[]> =>
  readWhereAny(records, blocks(firestore), 'from', 'in', uids)

/** Every block the member made or is under. */
export async function blocksOf(firestore: Firestore, uid: string): Promise<BlockRecord[]> {
  const [made, under] = await Promise.all([
    blocksBy(firestore, uid),
    blocks(firestore).where('to', '==', uid).get().then(records.all),
  ])
  return [...made, ...under]
}

/** The members the member blocked or is blocked by. */
export const blockedWith = async (firestore: Firestore, uid: string): Promise<Set<string>> =>
  new Set((await blocksOf(firestore, uid)).map((block) => (block.from === uid ? block.to : block.from)))

/** Deletes every block the member made or is under (their account is deleted). */
export const forgetBlocks = (firestore: Firestore, uid: string): Promise<void> =>
  deleteFound(blocks(firestore).where('from', '==', uid), blocks(firestore).where('to', '==', uid))
