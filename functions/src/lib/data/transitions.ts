/**
 * bookings/{orderId}/transitions/{change}: a booking's one-time changes (`once`, which makes a state
 * change of a booking happen exactly once whoever races to apply it), each claimed with a marker
 * and then marked applied. The only module that names the subcollection.
 */
import type { DocumentReference, Firestore, Timestamp } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { isAlreadyExists, isFailedPrecondition, isNotFound } from '../claims'
import { subcollectionOf } from '../collections'
import { checkedReader } from '../documents'
import { expiry } from '../retention'
import { bookingRef } from './bookings'

const markers = checkedReader('transitions', v.object({ at: v.number(), applied: v.boolean() }))
const markerOf = (firestore: Firestore, orderId: string, change: string) =>
  subcollectionOf(bookingRef(firestore, orderId), 'transitions').doc(change)

/**
 * A change whose first runner stopped half-way is finished by a later one once its marker has not
 * been renewed for this long. A runner still at work renews it every CLAIM_RENEW_MS, however long
 * a gateway or SMTP keeps it waiting, so only a runner that died loses its claim.
 */
export const STALE_CHANGE_MS = Number(process.env.YAARI_STALE_CHANGE_MS) || 30_000
export const CLAIM_RENEW_MS = Math.max(50, Math.floor(STALE_CHANGE_MS / 3))

/** A change this runner holds: its marker, and the time of the marker's last write (for preconditions). */
export interface ClaimedChange {
  ref: DocumentReference
  writtenAt: Timestamp
}

/**
 * Runs `apply` only for the first caller to claim this change of this booking (a create() of
 * bookings/{orderId}/transitions/{change}). Every `apply` is idempotent, so if that caller died
 * before marking the change applied, a later caller (after STALE_CHANGE_MS without a renewal)
 * finishes it instead of leaving the booking stuck. Returns false when someone else has it.
 */
export async function once(
  firestore: Firestore,
  orderId: string,
  change: string,
  apply: () => Promise<void>,
): Promise<boolean> {
  const claim = await claimChange(firestore, orderId, change)
  if (!claim) return false
  await keepClaim(claim, apply)
  await claim.ref.update({ applied: true })
  return true
}

/**
 * Keeps `claim` while `work` runs: the marker's time is renewed every CLAIM_RENEW_MS, each renewal
 * on the condition that nobody else wrote the marker since this runner's last write.
 */
export async function keepClaim<T>(claim: ClaimedChange, work: () => Promise<T>): Promise<T> {
  let last = claim.writtenAt
  let renewing: Promise<void> = Promise.resolve()
  const timer = setInterval(() => {
    renewing = claim.ref
      .update({ at: Date.now() }, { lastUpdateTime: last })
      .then((result) => {
        last = result.writeTime
      })
      .catch(() => {
        // Taken over (this runner was presumed dead) or unreachable: the work goes on; it is idempotent.
      })
  }, CLAIM_RENEW_MS)
  try {
    return await work()
  } finally {
    clearInterval(timer)
    await renewing
  }
}

/**
 * The claim `once` makes: this change's marker, created (or taken over from a caller that stopped
 * half-way, after STALE_CHANGE_MS without a renewal) for this caller; undefined when someone else
 * has it or it is applied. Taking over is atomic: an update on the condition that the marker is
 * still the stale version read, so of two runners racing for it one wins. The caller applies the
 * change (keepClaim renews it meanwhile), then updates the marker to `applied: true`.
 */
export async function claimChange(
  firestore: Firestore,
  orderId: string,
  change: string,
): Promise<ClaimedChange | undefined> {
  const ref = markerOf(firestore, orderId, change)
  try {
    const created = await ref.create({ at: Date.now(), applied: false, ...expiry('transitions', Date.now()) })
    return { ref, writtenAt: created.writeTime }
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
  }
  const existing = await ref.get()
  const marker = markers.one(existing)
  if (!marker || !existing.updateTime) return undefined
  if (marker.applied || Date.now() - marker.at < STALE_CHANGE_MS) return undefined
  try {
    const taken = await ref.update({ at: Date.now(), applied: false }, { lastUpdateTime: existing.updateTime })
    return { ref, writtenAt: taken.writeTime }
  } catch (error) {
    if (isFailedPrecondition(error) || isNotFound(error)) return undefined // another runner took it first
    throw error
  }
}

/** Whether this change of the booking has been applied (its marker says so). */
export async function isApplied(firestore: Firestore, orderId: string, change: string): Promise<boolean> {
  const marker = await markerOf(firestore, orderId, change).get()
  return markers.one(marker)?.applied === true
}
