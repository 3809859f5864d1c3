/**
 * The door's one way to the server: what waits in this phone's outbox is sent in order, a batch per
 * door name, and each answer (the date as it stands) is applied to the saved door (door-store.ts).
 */
import type { EventId } from '@yaari/domain/catalogue'
import { syncCheckInsCall } from '@yaari/domain/door'
import { call } from '../../../lib/call'
import { localDb } from '../../../lib/db'
import { type SendCheckIns, syncNow } from './door-store'

/** How long one batch may take on a bad connection before the door tries again later. */
const SYNC_TIMEOUT_MS = 15_000

export function syncDoorWithServer(uid: string, eventId: EventId, date: string, door: string) {
  const send: SendCheckIns = (name, ops) =>
    call(
      syncCheckInsCall,
      { eventId, eventDate: date, door: name, ops: ops.map(({ door: _door, firstName: _name, ...op }) => op) },
      { timeoutMs: SYNC_TIMEOUT_MS },
    )
  return syncNow(localDb(), uid, eventId, date, door, send)
}
