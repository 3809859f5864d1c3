/**
 * What hosts run the night with: roles, a date's numbers and guest list, and the actions a host
 * takes on a date (venue, capacity, sales, cancel). Roles are Firebase Auth custom claims that only
 * the server reads from the verified token: `admin: true` (every city, grants roles) and
 * `host_cities: ['bangalore', ...]`. The browser reads the same claims only to show the menu.
 */
import * as v from 'valibot'
import { eventDateSchema, type VenueBrief, venueBriefSchema } from './booking'
import type { CallableContract } from './callable'
import { type City, EVENT_IDS, eventById } from './catalogue'

export { isHost, mayHost, type Roles, rolesOf } from './roles'

import { weekdayOf } from './schedule'
import { describeIssues } from './validation'

export const HOST_MESSAGES = {
  hostsOnly: 'Hosts only: this page is for the people who run Yaari’s events.',
  notYourCity: 'You do not host events in this city.',
  belowTaken: 'The capacity cannot go below the seats already taken.',
  confirmDate: 'Type the date (YYYY-MM-DD) to confirm the cancellation.',
  dateCancelled: 'This date is cancelled.',
  datePassed: 'This date has already taken place.',
  busy: 'Someone else is changing this date’s capacity. Try again in a moment.',
  notOnList: 'This member is not on this date’s guest list.',
  adminsOnly: 'Only an admin can do this.',
  untilPast: 'A suspension ends on a later day than today.',
  notThisDate: 'This booking is not on this date’s guest list.',
  notPaid: 'Only a paid seat can be cancelled here.',
  notYourself: 'You cannot moderate yourself.',
  notStaff: 'A host or an admin is moderated by the team, not from a guest list.',
  adminStanding: 'An admin set this member’s standing: only an admin can change it.',
  tooManyForDate: 'This date’s guests have had 3 messages today. Send the next one tomorrow.',
  tooManyForHost: 'You have sent 10 messages to guests today. Send the next one tomorrow.',
  subjectOneLine: 'The subject is one line.',
} as const

/** The least and most seats a date may have. */
export const MIN_CAPACITY = 1
export const MAX_CAPACITY = 60

/** A date of an event, as every host action names it. */
const hostDateEntries = {
  eventId: v.picklist(EVENT_IDS, 'eventId: Unknown event'),
  eventDate: eventDateSchema,
}
/** Whether the event runs on that weekday; a string that is no date passes here (eventDateSchema says why). */
export function runsThatDay(input: { eventId: string; eventDate: string }) {
  try {
    return weekdayOf(input.eventDate) === eventById(input.eventId)?.weekday
  } catch {
    return true
  }
}

export const hostDateSchema = v.pipe(
  v.strictObject(hostDateEntries),
  v.check((input) => runsThatDay(input), 'eventDate is not a date this event runs on'),
)

export const shareVenueSchema = v.pipe(
  v.strictObject({ ...hostDateEntries, brief: venueBriefSchema }),
  v.check((input) => runsThatDay(input), 'eventDate is not a date this event runs on'),
)

/** What is wrong with a venue to share, in words (undefined when it may be shared). */
export function shareVenueProblem(request: unknown): string | undefined {
  const parsed = v.safeParse(shareVenueSchema, request)
  return parsed.success ? undefined : describeIssues(parsed.issues)
}

export const setCapacitySchema = v.pipe(
  v.strictObject({
    ...hostDateEntries,
    capacity: v.pipe(
      v.number('capacity must be a number'),
      v.integer('capacity must be a whole number'),
      v.minValue(MIN_CAPACITY, `capacity must be at least ${MIN_CAPACITY}`),
      v.maxValue(MAX_CAPACITY, `capacity must be at most ${MAX_CAPACITY}`),
    ),
  }),
  v.check((input) => runsThatDay(input), 'eventDate is not a date this event runs on'),
)

export const setSalesSchema = v.pipe(
  v.strictObject({ ...hostDateEntries, open: v.boolean('open must be true or false') }),
  v.check((input) => runsThatDay(input), 'eventDate is not a date this event runs on'),
)

export const hostCancelDateSchema = v.pipe(
  v.strictObject({
    ...hostDateEntries,
    /** The date typed again by the host: a cancellation is never one slip of a finger. */
    confirm: v.string('confirm must be text'),
    reason: v.pipe(
      v.string('reason must be text'),
      v.trim(),
      v.nonEmpty('reason is required'),
      v.maxLength(300, 'reason is at most 300 characters'),
    ),
  }),
  v.check((input) => runsThatDay(input), 'eventDate is not a date this event runs on'),
  v.check((input) => input.confirm.trim() === input.eventDate, HOST_MESSAGES.confirmDate),
)

/** A host cancels one member's paid seat (after moderation, say): refunded in full, and told why. */
export const hostCancelSeatSchema = v.pipe(
  v.strictObject({
    ...hostDateEntries,
    orderId: v.pipe(
      v.string('orderId must be text'),
      v.regex(/^[A-Za-z0-9_-]{3,45}$/, 'orderId is not a valid order id'),
    ),
    reason: v.pipe(
      v.string('reason must be text'),
      v.trim(),
      v.nonEmpty('Please give the reason (the member is told).'),
      v.maxLength(300, 'The reason is at most 300 characters.'),
    ),
  }),
  v.check((input) => runsThatDay(input), 'eventDate is not a date this event runs on'),
)

/** One upcoming date as the console lists it. Money in whole rupees. */
export interface HostDateSummary {
  eventId: string
  eventDate: string
  title: string
  city: City
  /** When it starts (ISO time). */
  startsAt: string
  capacity: number
  /** Seats paid for. */
  paid: number
  /** Paid guests checked in at the door (as far as the door phones have synced). */
  checkedIn: number
  /** Seats held for a payment or offered to a member from the waitlist. */
  held: number
  free: number
  waiting: number
  /** Paid in, refunds not taken off. */
  gross: number
  refunded: number
  net: number
  venueShared: boolean
  /** Within VENUE_WARNING_HOURS of its start and no venue shared yet. */
  venueMissing: boolean
  salesOpen: boolean
  cancelled: boolean
}

/** A date this close to its start with no venue shared is flagged in the console. */
export const VENUE_WARNING_HOURS = 48

export const GUEST_STATES = ['paid', 'held', 'offered', 'waiting', 'cancelled', 'refunded'] as const
export type GuestState = (typeof GUEST_STATES)[number]

/** One row of a date's guest list. */
export interface GuestRow {
  /** The member's id: what moderation acts on. */
  uid: string
  /** The booking's order id; absent for a member who is waiting. */
  orderId?: string
  name: string
  age?: number
  gender?: string
  /** girls or boys. */
  tier?: string
  foodPreference?: string
  drinkingPreference?: string
  mobile?: string
  /** When they booked (or joined the waitlist), ISO time. */
  bookedAt: string
  state: GuestState
  /** The member's standing when it is not clear: a warning, a suspension (until its last day) or a ban. */
  standing?: { level: 'warning' | 'suspended' | 'banned'; until?: string; reason: string }
  /** The member's bank has disputed the payment (a chargeback) and the dispute is not settled in our favour. */
  paymentDisputed?: true
  /** A door phone let this guest in while the booking was not paid (it synced later): for a host to look at. */
  enteredUnpaid?: { at: string; door: string; state: 'refunded' | 'cancelled' | 'unpaid' }
}

/** How the console flags a guest let in while their booking was not paid. */
export const ENTERED_UNPAID_LABELS = {
  refunded: 'Entered after refund',
  cancelled: 'Entered after cancellation',
  unpaid: 'Entered unpaid',
} as const

export interface GuestList {
  date: HostDateSummary
  /** The venue as shared, to change it from. */
  venue?: VenueBrief
  guests: GuestRow[]
  /** When the server read it (ISO time): a copy kept on the device says how old it is. */
  readAt: string
}

const empty = v.strictObject({})

export const listHostDatesCall: CallableContract<typeof empty, { dates: HostDateSummary[] }> = {
  name: 'listHostDates',
  request: empty,
  messages: [HOST_MESSAGES],
}

export const getGuestListCall: CallableContract<typeof hostDateSchema, GuestList> = {
  name: 'getGuestList',
  request: hostDateSchema,
  messages: [HOST_MESSAGES],
}

/** What each host action answers: the date as it now stands, and whether this call changed it. */
export interface HostActionResult {
  date: HostDateSummary
  changed: boolean
}

export const shareVenueCall: CallableContract<typeof shareVenueSchema, HostActionResult> = {
  name: 'shareVenue',
  request: shareVenueSchema,
  messages: [HOST_MESSAGES],
}

export const setCapacityCall: CallableContract<typeof setCapacitySchema, HostActionResult> = {
  name: 'setCapacity',
  request: setCapacitySchema,
  messages: [HOST_MESSAGES],
}

export const setSalesCall: CallableContract<typeof setSalesSchema, HostActionResult> = {
  name: 'setSales',
  request: setSalesSchema,
  messages: [HOST_MESSAGES],
}

export const hostCancelDateCall: CallableContract<typeof hostCancelDateSchema, HostActionResult> = {
  name: 'hostCancelDate',
  request: hostCancelDateSchema,
  messages: [HOST_MESSAGES],
}

export const hostCancelSeatCall: CallableContract<typeof hostCancelSeatSchema, HostActionResult> = {
  name: 'hostCancelSeat',
  request: hostCancelSeatSchema,
  messages: [HOST_MESSAGES],
}

/** A message to a date's guests: bounded, sent once per guest however often it is sent again. */
export const MESSAGE_SUBJECT_MAX = 120
export const MESSAGE_TEXT_MAX = 2000
/** New messages a date's guests get per day (IST), and a host may send per day: no mass-mail channel. */
export const MESSAGES_PER_DATE_PER_DAY = 3
export const MESSAGES_PER_HOST_PER_DAY = 10
export const messageGuestsSchema = v.pipe(
  v.strictObject({
    ...hostDateEntries,
    /** Made by the console once per message: a repeat (a double tap, a retry) sends nothing more. */
    messageId: v.pipe(
      v.string('messageId must be text'),
      v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'messageId must be 8-64 letters, digits, _ or -'),
    ),
    subject: v.pipe(
      v.string('subject must be text'),
      v.check((subject) => !/[\r\n\u2028\u2029]/.test(subject.trim()), HOST_MESSAGES.subjectOneLine),
      v.trim(),
      v.nonEmpty('Please write a subject.'),
      v.maxLength(MESSAGE_SUBJECT_MAX, `The subject is at most ${MESSAGE_SUBJECT_MAX} characters.`),
    ),
    text: v.pipe(
      v.string('text must be text'),
      v.trim(),
      v.nonEmpty('Please write the message.'),
      v.maxLength(MESSAGE_TEXT_MAX, `The message is at most ${MESSAGE_TEXT_MAX} characters.`),
    ),
  }),
  v.check((input) => runsThatDay(input), 'eventDate is not a date this event runs on'),
)

export const messageGuestsCall: CallableContract<typeof messageGuestsSchema, { sent: number; changed: boolean }> = {
  name: 'messageGuests',
  request: messageGuestsSchema,
  messages: [HOST_MESSAGES],
}

/** The moderation ladder of the community guidelines. */
export const MODERATION_ACTIONS = ['warn', 'suspend', 'ban'] as const
export type ModerationAction = (typeof MODERATION_ACTIONS)[number]
export const MODERATION_LABELS: Record<ModerationAction, string> = {
  warn: 'First Warning',
  suspend: 'Temporary Suspension',
  ban: 'Permanent Ban',
}

/** Moderation from a guest-list row: the member must be on that date's list. */
export const moderateMemberSchema = v.pipe(
  v.strictObject({
    ...hostDateEntries,
    uid: v.pipe(v.string('uid must be text'), v.regex(/^[A-Za-z0-9_-]{1,128}$/, 'uid is not a member id')),
    action: v.picklist(MODERATION_ACTIONS, 'action must be warn, suspend or ban'),
    reason: v.pipe(
      v.string('reason must be text'),
      v.trim(),
      v.nonEmpty('Please give the reason (the member is told).'),
      v.maxLength(500, 'The reason is at most 500 characters.'),
    ),
    /** Until when a suspension lasts (the last day, IST); only for suspend. */
    until: v.optional(v.pipe(v.string('until must be a date'), v.isoDate('until must be a date (YYYY-MM-DD)'))),
  }),
  v.check((input) => runsThatDay(input), 'eventDate is not a date this event runs on'),
  v.check((input) => input.action !== 'suspend' || input.until !== undefined, 'A suspension needs the date it ends.'),
  v.check((input) => input.action === 'suspend' || input.until === undefined, 'Only a suspension has an end date.'),
)

/** An admin lifts a member's suspension or ban (or clears a warning). */
export const liftModerationSchema = v.strictObject({
  uid: v.pipe(v.string('uid must be text'), v.regex(/^[A-Za-z0-9_-]{1,128}$/, 'uid is not a member id')),
  reason: v.pipe(v.string('reason must be text'), v.trim(), v.nonEmpty('Please give the reason.'), v.maxLength(500)),
})

export interface ModerationResult {
  uid: string
  level: 'warning' | 'suspended' | 'banned' | 'none'
  /** A suspension's last day (YYYY-MM-DD, IST). */
  until?: string
  changed: boolean
}

export const moderateMemberCall: CallableContract<typeof moderateMemberSchema, ModerationResult> = {
  name: 'moderateMember',
  request: moderateMemberSchema,
  messages: [HOST_MESSAGES],
}

export const liftModerationCall: CallableContract<typeof liftModerationSchema, ModerationResult> = {
  name: 'liftModeration',
  request: liftModerationSchema,
  messages: [HOST_MESSAGES],
}

/** Where a member's standing lives: { level, until?, reason, at }. */
export const moderationPath = (uid: string) => `moderation/${uid}`

/** Where a date's host settings live: { seat_numbers (never fewer than the catalogue's capacity), sales_closed }. */
export const dateSettingsPath = (eventId: string, date: string) => `date_settings/${eventId}_${date}`

/** A date's guest list as CSV (the host's download; recorded in the audit log). */
export const exportGuestListCall: CallableContract<typeof hostDateSchema, { filename: string; csv: string }> = {
  name: 'exportGuestList',
  request: hostDateSchema,
  messages: [HOST_MESSAGES],
}

/** One line of the audit log as the console shows it. */
export interface AuditEntry {
  id: string
  at: string
  action: string
  /** Who: a host's email, or the team's command. */
  actor: string
  eventId: string
  eventDate: string
  change?: Record<string, unknown>
}

/** The newest entries of the audit log for the caller's cities (at most AUDIT_PAGE). */
export const AUDIT_PAGE = 200
export const listAuditCall: CallableContract<typeof empty, { entries: AuditEntry[] }> = {
  name: 'listAudit',
  request: empty,
  messages: [HOST_MESSAGES],
}

/** The guest list's columns, in the order the CSV has them. */
export const GUEST_CSV_COLUMNS = [
  'Name',
  'Age',
  'Gender',
  'Tier',
  'Food preference',
  'Drinking preference',
  'Mobile',
  'Booked at',
  'State',
  'Order',
] as const

/** One CSV field: quoted when it needs to be, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | undefined): string {
  let text = value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function guestListCsv(guests: readonly GuestRow[]): string {
  const rows = guests.map((guest) =>
    [
      guest.name,
      guest.age,
      guest.gender,
      guest.tier,
      guest.foodPreference,
      guest.drinkingPreference,
      guest.mobile,
      guest.bookedAt,
      guest.state,
      guest.orderId,
    ].map(csvField),
  )
  return [GUEST_CSV_COLUMNS.map(csvField), ...rows].map((row) => row.join(',')).join('\r\n')
}

export const HOST_CALLABLES = [
  listHostDatesCall,
  getGuestListCall,
  shareVenueCall,
  setCapacityCall,
  setSalesCall,
  hostCancelDateCall,
  hostCancelSeatCall,
  exportGuestListCall,
  listAuditCall,
  messageGuestsCall,
  moderateMemberCall,
  liftModerationCall,
] as const
