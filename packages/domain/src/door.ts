/**
 * The door: a host checks guests in by their pass (the QR on the ticket) or by name, with no
 * signal. Before the night the host's phone saves the date's door list (guests with their short
 * codes, the cancelled and refunded bookings, who is already in); at the door every verdict is
 * made on the device, from the signed pass and that list, and check-ins wait in an outbox until
 * a connection takes them to the server. The server keeps the first check-in of a booking; a
 * second one from another door is a double entry both phones are shown, never merged away.
 *
 * Here: the door list, the night's window, and what a door phone sends and is answered (its
 * outbox's check-ins, the callables). The verdicts the phone makes are door-verdict.ts.
 */
import * as v from 'valibot'
import { orderIdField } from './booking'
import { contract } from './callable'
import type { YaariEvent } from './catalogue'
import { dateScoped, HOST_MESSAGES, hostDateSchema, reasonField } from './host/schemas'
import type { PassPublicKeys } from './pass'
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
  /** The guest's mobile is verified on their account (by an SMS code). */
  verified?: true
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

export const CHECK_IN_METHODS = ['qr', 'code', 'name'] as const
export type CheckInMethod = (typeof CHECK_IN_METHODS)[number]

const checkInOpSchema = v.strictObject({
  id: v.pipe(v.string('id must be text'), v.regex(CHECK_IN_ID, 'id must be 8-64 letters, digits, _ or -')),
  kind: v.picklist(['in', 'undo'], 'kind must be in or undo'),
  orderId: orderIdField,
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
  orderId: orderIdField,
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
