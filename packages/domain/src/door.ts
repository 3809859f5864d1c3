/**
 * The door: a host checks guests in by their pass (the QR on the ticket) or by name, with no
 * signal. Before the night the host's phone saves the date's door list (guests with their short
 * codes, the cancelled and refunded bookings, who is already in); at the door every verdict is
 * made on the device, from the signed pass and that list, and check-ins wait in an outbox until
 * a connection takes them to the server. The server keeps the first check-in of a booking; a
 * second one from another door is a double entry both phones are shown, never merged away.
 */
import * as v from 'valibot'
import { contract } from './callable'
import type { Catalogue, YaariEvent } from './catalogue'
import { dateScoped, HOST_MESSAGES, hostDateSchema, reasonField } from './host/schemas'
import { firstNameOf } from './names'
import { normalizePassCode, type PassClaims, type PassPublicKeys, type PassVerifier } from './pass'
import { eventStartInstant } from './schedule'

/** A booking at the door: a paid guest, or one cancelled or refunded since (refused). */
export interface DoorGuest {
  orderId: string
  /** The ticket's short code ("7KX-M2Q"), to find a guest whose phone cannot show the QR. */
  code: string
  name: string
  tier: string
  foodPreference?: string
  state: 'paid' | 'cancelled' | 'refunded'
  /** The guest's group, once the host has published the date's groups. */
  group?: number
}

/** One check-in as the door shows it: when, at which door, by whom. */
export interface CheckInMark {
  checkInId: string
  /** ISO time. */
  at: string
  door: string
  by: string
}

/** A booking the server has checked in: its first check-in, and any later one from elsewhere (a double entry). */
export interface Admission extends CheckInMark {
  orderId: string
  /** How the guest was let in (absent on admissions recorded before it was kept). */
  method?: CheckInMethod
  doubles: CheckInMark[]
}

/**
 * The passes' public keys the server vouches for (key id to key), and when the phone stops
 * trusting them: the end of the date's night window. Sent with every list and every sync, so a
 * key the team removed stops verifying on the next sync.
 */
export interface DoorKeys {
  keys: Record<string, string>
  /** ISO time. */
  until: string
}

/** What a door phone saves before the night ("Get ready for the door"), and what every sync brings anew. */
export interface DoorList {
  eventId: string
  eventDate: string
  /** Paid guests expected. */
  expected: number
  /** Every booking with a pass, in its state now (a seat refunded since the last sync says so). */
  guests: DoorGuest[]
  admissions: Admission[]
  keys: DoorKeys
  /** When the server read it (ISO time): the phone says how old its list is. */
  readAt: string
}

/** The keys a phone verifies passes with now: the server's, until their end date (then none: ready again). */
export function keysInForce(keys: DoorKeys | undefined, now: number): PassPublicKeys {
  if (!keys || now > Date.parse(keys.until)) return {}
  return keys.keys
}

/** The night a door takes check-ins in: from this long before the event starts ... */
export const DOOR_OPENS_BEFORE_MS = 6 * 3_600_000
/** ... to this long after it started. Outside it, the server refuses a check-in (and says why). */
const DOOR_CLOSES_AFTER_MS = 12 * 3_600_000

/** The night window of a date (ms since 1970): when the server takes its check-ins. */
export function doorWindow(event: YaariEvent, eventDate: string): { opens: number; closes: number } {
  const start = eventStartInstant(eventDate, event.startTime).getTime()
  return { opens: start - DOOR_OPENS_BEFORE_MS, closes: start + DOOR_CLOSES_AFTER_MS }
}

/** A check-in (or its undo) made on a door phone, in the order it was made. */
const CHECK_IN_ID = /^[A-Za-z0-9_-]{8,64}$/
/** A check-in can be undone this long after it was made (a mistap), on the phone that made it. */
export const UNDO_WINDOW_MS = 60_000
/**
 * And the server takes that undo at most this long after it took the check-in (a phone that went
 * offline between the two); later, only an admin removes an admission (removeAdmission).
 */
export const UNDO_SYNC_GRACE_MS = 15 * 60_000
/** At most this many check-ins go to the server in one call (the outbox sends the rest next). */
export const SYNC_BATCH = 100

const orderIdSchema = v.pipe(
  v.string('orderId must be text'),
  v.regex(/^[A-Za-z0-9_-]{3,45}$/, 'orderId is not a valid order id'),
)
const CHECK_IN_METHODS = ['qr', 'code', 'name'] as const
export type CheckInMethod = (typeof CHECK_IN_METHODS)[number]

const checkInOpSchema = v.strictObject({
  id: v.pipe(v.string('id must be text'), v.regex(CHECK_IN_ID, 'id must be 8-64 letters, digits, _ or -')),
  kind: v.picklist(['in', 'undo'], 'kind must be in or undo'),
  orderId: orderIdSchema,
  /**
   * When it happened on the phone (ms since 1970): advice, kept beside the server's time. Any
   * clock is taken, a wrong one included (a phone reset to 1970 still gets its guests in).
   */
  at: v.pipe(v.number('at must be a time'), v.integer('at must be a time'), v.minValue(0, 'at is not a time')),
  /** How the guest was found: their pass's QR code, its short code typed, or their name. */
  method: v.picklist(CHECK_IN_METHODS, 'method must be qr, code or name'),
  /** For an undo: the check-in it takes back. */
  of: v.optional(v.pipe(v.string('of must be text'), v.regex(CHECK_IN_ID, 'of must be a check-in id'))),
})
type CheckInOp = v.InferOutput<typeof checkInOpSchema>

/** What a door phone calls itself ("Front door"): shown to the other door on a double entry. */
const doorNameSchema = v.pipe(
  v.string('door must be text'),
  v.trim(),
  v.nonEmpty('Name this door.'),
  v.maxLength(40, 'A door name is at most 40 characters.'),
)

export const syncCheckInsSchema = v.pipe(
  dateScoped({
    door: doorNameSchema,
    ops: v.pipe(
      v.array(checkInOpSchema, 'ops must be a list'),
      v.maxLength(SYNC_BATCH, `ops: at most ${SYNC_BATCH} at a time`),
    ),
  }),
  v.check((input) => input.ops.every((op) => op.kind === 'in' || op.of !== undefined), 'an undo names its check-in'),
)

export const getDoorListCall = contract<typeof hostDateSchema, DoorList>('getDoorList', hostDateSchema, [HOST_MESSAGES])

/** Why the server will never take an op: the phone sets it aside, shows the reason and sends the rest. */
export type SyncRefusal =
  | 'outside-window'
  | 'not-this-date'
  | 'id-reused'
  | 'undo-unknown'
  | 'undo-late'
  | 'undo-not-yours'

export const SYNC_REFUSALS: Readonly<Record<SyncRefusal, string>> = {
  'outside-window': 'Not recorded: check-ins for this date are taken from 6 hours before it starts to 12 hours after.',
  'not-this-date': 'Not recorded: this booking is not on this date’s guest list.',
  'id-reused': 'Not recorded: this check-in’s id was already used for another guest.',
  'undo-unknown': 'Not undone: this phone’s check-in of that guest was not found on this date.',
  'undo-late': 'Not undone: an undo comes within a minute of the check-in. An admin can remove the admission.',
  'undo-not-yours': 'Not undone: only the host who checked a guest in can undo it. An admin can remove the admission.',
}

/** What a sync answers: the date as the server now has it (a DoorList), and what happened to the ops sent. */
export interface DoorSyncAnswer extends DoorList {
  /** Ops applied now or before (a resend). */
  synced: number
  /** Ops the server will never take, with why. */
  refused: { id: string; reason: SyncRefusal; message: string }[]
}

export const syncCheckInsCall = contract<typeof syncCheckInsSchema, DoorSyncAnswer>(
  'syncCheckIns',
  syncCheckInsSchema,
  [HOST_MESSAGES],
)

/** An admin takes an admission back after the undo window (a host cannot): every check-in of the booking undone. */
export const removeAdmissionSchema = dateScoped({
  orderId: orderIdSchema,
  reason: reasonField('Please give the reason.', 300),
})

export const removeAdmissionCall = contract<typeof removeAdmissionSchema, { removed: number }>(
  'removeAdmission',
  removeAdmissionSchema,
  [HOST_MESSAGES],
)

export const DOOR_CALLABLES = [getDoorListCall, syncCheckInsCall, removeAdmissionCall] as const

/** A check-in made on this phone, as its outbox holds it. */
export interface LocalCheckIn extends CheckInOp {
  door: string
  /** The guest's first name, for this phone's log (the pass's, for a guest booked after the list was saved). Never sent. */
  firstName?: string
}

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
