/**
 * The door's verdicts, made on the host's phone with no network: a scanned code is admitted when
 * it is a real pass (checked against the keys the phone was readied with) for this event and date,
 * and its booking is paid and not already checked in, here or at another door as far as the last
 * sync knows; a guest found by name or short code is judged by the same list. What the phone saves
 * and sends is door.ts.
 */
import type { Catalogue } from './catalogue'
import type { CheckInMark, DoorGuest, DoorList, LocalCheckIn } from './door'
import { firstNameOf } from './names'
import type { PassClaims } from './pass'
import { normalizePassCode } from './pass-code'
import type { PassVerifier } from './pass-verifier'

/** Why the door says no. */
export type DoorRefusal =
  | 'not-a-pass'
  | 'forged'
  | 'unknown-key'
  | 'another-event'
  | 'another-date'
  | 'cancelled'
  | 'refunded'
  | 'already-in'

export const DOOR_REFUSALS: Readonly<Record<DoorRefusal, string>> = {
  'not-a-pass': 'Not a Yaari pass.',
  forged: 'Not a Yaari pass: the signature does not match (forged or altered).',
  'unknown-key': 'Not a Yaari pass: signed with a key this phone does not know.',
  'another-event': 'This pass is for another event.',
  'another-date': 'This pass is for another date.',
  cancelled: 'This booking was cancelled.',
  refunded: 'This booking was refunded.',
  'already-in': 'Already checked in.',
}

export type DoorVerdict =
  | {
      kind: 'admit'
      orderId: string
      firstName: string
      tier: string
      foodPreference?: string
      /** The guest's group, once the host has published the date's groups. */
      group?: number
      /** The guest's mobile is verified on their account. */
      verified?: true
      /** Guests in once this one is, and guests expected. */
      inCount: number
      expected: number
      /** A real pass for tonight whose booking is not on the saved list (booked after it was saved). */
      unlisted: boolean
    }
  | {
      kind: 'refuse'
      reason: DoorRefusal
      message: string
      orderId?: string
      firstName?: string
      /** For already-in: the check-in that came first. */
      earlier?: CheckInMark
    }

/** Everything the door knows: the saved list, the public keys, and this phone's own check-ins. */
export interface DoorState {
  list: DoorList
  /** The pass keys the door was readied with, as a verifier (each key imported once). */
  passes: PassVerifier
  local: readonly LocalCheckIn[]
}

/** The check-ins this phone took back (the ids its undos name). */
export function undoneCheckIns(local: readonly LocalCheckIn[]): Set<string | undefined> {
  return new Set(local.filter((op) => op.kind === 'undo').map((op) => op.of))
}

/** The check-ins in force per booking: this phone's (not undone) and the server's, the earliest first. */
export function checkedIn(state: Pick<DoorState, 'list' | 'local'>): Map<string, CheckInMark> {
  const undone = undoneCheckIns(state.local)
  const marks = new Map<string, CheckInMark>()
  const keep = (orderId: string, mark: CheckInMark) => {
    const held = marks.get(orderId)
    if (!held || mark.at < held.at) marks.set(orderId, mark)
  }
  for (const admission of state.list.admissions) {
    if (!undone.has(admission.checkInId)) keep(admission.orderId, admission)
  }
  for (const op of state.local) {
    if (op.kind === 'in' && !undone.has(op.id))
      keep(op.orderId, { checkInId: op.id, at: new Date(op.at).toISOString(), door: op.door, by: 'this phone' })
  }
  return marks
}

/** The verdict on a guest found in the list (by pass or by name): admit, or why not. */
export function guestVerdict(state: Pick<DoorState, 'list' | 'local'>, guest: DoorGuest): DoorVerdict {
  const base = { orderId: guest.orderId, firstName: firstNameOf(guest.name) ?? guest.name }
  if (guest.state !== 'paid')
    return { kind: 'refuse', reason: guest.state, message: DOOR_REFUSALS[guest.state], ...base }
  const marks = checkedIn(state)
  const earlier = marks.get(guest.orderId)
  if (earlier) return { kind: 'refuse', reason: 'already-in', message: DOOR_REFUSALS['already-in'], ...base, earlier }
  return {
    kind: 'admit',
    ...base,
    tier: guest.tier,
    ...(guest.foodPreference ? { foodPreference: guest.foodPreference } : {}),
    ...(guest.group !== undefined ? { group: guest.group } : {}),
    ...(guest.verified ? { verified: true as const } : {}),
    inCount: marks.size + 1,
    expected: state.list.expected,
    unlisted: false,
  }
}

const PASS_TO_DOOR = {
  malformed: 'not-a-pass',
  'unknown-key': 'unknown-key',
  'bad-signature': 'forged',
  'wrong-event': 'another-event',
  'wrong-date': 'another-date',
} as const

/**
 * The verdict on a scanned code, made on the phone with no network: a real pass (signed with a key
 * the phone holds) for this event and date, whose booking is not cancelled or refunded and not
 * already checked in (here, or elsewhere as far as the last sync knows).
 */
export async function scanVerdict(state: DoorState, catalogue: Catalogue, scanned: string): Promise<DoorVerdict> {
  const verdict = await state.passes.verify(catalogue, scanned.trim(), {
    eventId: state.list.eventId,
    date: state.list.eventDate,
  })
  if (!verdict.ok) {
    const reason = PASS_TO_DOOR[verdict.reason]
    return { kind: 'refuse', reason, message: DOOR_REFUSALS[reason] }
  }
  const guest = state.list.guests.find((g) => g.orderId === verdict.pass.orderId)
  if (guest) return guestVerdict(state, guest)
  return unlistedVerdict(state, verdict.pass)
}

/** A real pass for tonight that the saved list does not have: booked after the list was saved. */
function unlistedVerdict(state: Pick<DoorState, 'list' | 'local'>, pass: PassClaims): DoorVerdict {
  const marks = checkedIn(state)
  const earlier = marks.get(pass.orderId)
  if (earlier) {
    return {
      kind: 'refuse',
      reason: 'already-in',
      message: DOOR_REFUSALS['already-in'],
      orderId: pass.orderId,
      firstName: pass.firstName,
      earlier,
    }
  }
  return {
    kind: 'admit',
    orderId: pass.orderId,
    firstName: pass.firstName,
    tier: pass.tier,
    inCount: marks.size + 1,
    expected: state.list.expected,
    unlisted: true,
  }
}

/** Guests whose name or short code matches what the host typed. */
export function findGuests(list: DoorList, query: string): DoorGuest[] {
  const text = query.trim().toLowerCase()
  if (!text) return list.guests
  const code = normalizePassCode(text).replace('-', '')
  return list.guests.filter(
    (guest) =>
      guest.name.toLowerCase().includes(text) || (code.length >= 3 && guest.code.replace('-', '').startsWith(code)),
  )
}
