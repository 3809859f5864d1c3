/**
 * Whom a guest would meet again. A pick is told to nobody. When it completes a pair (the other
 * picked them too, neither blocked the other), the connection is created once (connections/{id of
 * the pair}, a create()), both are emailed, and each sees the other's first name and what they chose
 * to share for connections. A member may remove a connection or block someone at any time.
 */

import type {
  blockGuestCall,
  listConnectionsCall,
  pickGuestCall,
  removeConnectionCall,
} from '@yaari/domain/after-night'
import { AFTER_MESSAGES, NO_SHARING } from '@yaari/domain/after-night'
import { blockedBetween, makesConnection } from '@yaari/domain/after-night-rules'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { isAlreadyExists } from '../../lib/claims'
import { nowOf } from '../../lib/context'
import { blocksBy, blocksOf, recordBlock } from '../../lib/data/blocks'
import {
  type ConnectionRecord,
  connectionById,
  connectionOfPair,
  connectionsOf,
  createConnection,
  deleteConnection,
  removeConnectionOfPair,
} from '../../lib/data/connections'
import { createMail } from '../../lib/data/mail'
import { sharingOf } from '../../lib/data/member-sharing'
import { countConnection } from '../../lib/data/nights'
import { deletePick, hasPicked, savePick, unpick } from '../../lib/data/picks'
import { profileEmail } from '../../lib/data/user-profiles'
import { memberMailRecord } from '../mail/outbox'
import { connectionView, guestOf, type MemberCall, myNight, towardsGuest } from './store'

/** Queues the connection's mail to one of the pair, about the other. */
async function tellConnected(firestore: Firestore, uid: string, connection: ConnectionRecord, now: number, id: string) {
  const to = await profileEmail(firestore, uid)
  if (!to) return
  const other = connection.members.find((m) => m !== uid) ?? uid
  const notice = memberMailRecord(
    { orderId: `member_${uid}`, to },
    {
      kind: 'connection',
      night: { event_id: connection.event_id, event_date: connection.event_date, name: connection.names[other] },
    },
    now,
  )
  await createMail(firestore, `member_${uid}_connection_${id}`, notice).catch((error: unknown) => {
    if (!isAlreadyExists(error)) throw error
  })
}

/** pickGuest: picks (or unpicks) another guest; a pick that completes a pair makes the connection. */
export const pickGuest: MemberCall<typeof pickGuestCall> = async (context, member, input) => {
  const { firestore } = context
  const { night, uid, guest, now } = await towardsGuest(context, member, input)
  const blocks = await blocksOf(firestore, member.uid)
  // Across a block nothing is kept, and the answer is an ordinary pick's: a member someone blocked
  // (whose list may be older than the block) never learns it from a refusal.
  if (blockedBetween(blocks, member.uid, uid)) return { picked: input.picked, connected: false }
  const takeBack = () => deletePick(firestore, night.id, member.uid, uid)
  const connected = async () => (await connectionOfPair(firestore, member.uid, uid)) !== undefined
  if (!input.picked) {
    await takeBack()
    return { picked: false, connected: await connected() }
  }
  await savePick(firestore, { night: night.id, from: member.uid, to: uid, at: now }, night.night.event_date)
  const theirs = await hasPicked(firestore, night.id, uid, member.uid)
  const picks = [{ from: member.uid, to: uid }, ...(theirs ? [{ from: uid, to: member.uid }] : [])]
  if (!makesConnection(member.uid, uid, picks, blocks)) return { picked: true, connected: await connected() }
  const record: ConnectionRecord = {
    members: member.uid < uid ? [member.uid, uid] : [uid, member.uid],
    event_id: night.night.event_id,
    event_date: night.night.event_date,
    names: { [member.uid]: night.night.guests[member.uid]?.first_name ?? 'A guest', [uid]: guest.first_name },
    at: now,
  }
  let id: string
  try {
    id = await createConnection(firestore, record)
  } catch (error) {
    // Both picked at once, or met again: the pair has its one connection already.
    if (isAlreadyExists(error)) return { picked: true, connected: true }
    throw error
  }
  // A block that landed while this pick was on its way wins: the pair is not connected.
  if (blockedBetween(await blocksOf(firestore, member.uid), member.uid, uid)) {
    await Promise.all([removeConnectionOfPair(firestore, member.uid, uid), takeBack()])
    return { picked: true, connected: false }
  }
  await countConnection(firestore, night.night.event_id, night.night.event_date)
  await Promise.all(record.members.map((m) => tellConnected(firestore, m, record, now, id)))
  return { picked: true, connected: true }
}

/** blockGuest: the other guest never appears in the member's lists again, nor the member in theirs; any connection goes. */
export const blockGuest: MemberCall<typeof blockGuestCall> = async (context, member, input) => {
  const { firestore } = context
  const now = nowOf(context)
  const night = await myNight(firestore, member, input.orderId)
  const { uid } = guestOf(night, member, input.guestId)
  await recordBlock(firestore, { from: member.uid, to: uid, at: now })
  await unpick(firestore, member.uid, uid)
  await removeConnectionOfPair(firestore, member.uid, uid)
  return { blocked: true }
}

/** listConnections: every connection of the member, what they share, and how many they blocked. */
export const listConnections: MemberCall<typeof listConnectionsCall> = async ({ firestore }, member) => {
  const [connections, blocked] = await Promise.all([
    connectionsOf(firestore, member.uid),
    blocksBy(firestore, member.uid),
  ])
  const others = connections.map(({ record }) => record.members.find((uid) => uid !== member.uid) ?? member.uid)
  const sharing = await sharingOf(firestore, [...new Set([member.uid, ...others])])
  return {
    connections: connections
      .map(({ id, record }) => connectionView(id, record, member.uid, sharing))
      .sort((a, b) => b.at.localeCompare(a.at)),
    sharing: sharing.get(member.uid) ?? NO_SHARING,
    blocked: blocked.length,
  }
}

/** removeConnection: either member ends it (their picks of each other go too); neither is told. */
export const removeConnection: MemberCall<typeof removeConnectionCall> = async (
  { firestore },
  member,
  { connectionId },
) => {
  const record = await connectionById(firestore, connectionId)
  if (!record?.members.includes(member.uid)) throw new HttpsError('not-found', AFTER_MESSAGES.noConnection)
  await unpick(firestore, record.members[0], record.members[1])
  await deleteConnection(firestore, connectionId)
  return { removed: true }
}
