/**
 * Booking a seat: the booking form's fields and enumerations,
 * the `createBooking` request, the booking record and its statuses, and the messages members read.
 * The form and the functions validate with these same schemas.
 */
import * as v from 'valibot'
import type { AfterNightStatus } from './after-night'
import { contract } from './callable'
import { PRICE_TIERS } from './catalogue'
import { eventIdField } from './event-id'
import type { IssuedPass } from './pass'
import { PHONE_MESSAGES } from './phone'
import {
  ACCOUNT_MESSAGES,
  dateOfBirthSchema,
  MAX_EMAIL_LENGTH,
  mobileSchema,
  nameSchema,
  professionSchema,
} from './profile'
import {
  type AnswerField,
  DRINKING_PREFERENCES,
  FOOD_PREFERENCES,
  PERSONALITY_TYPES,
  RELATIONSHIP_STATUSES,
} from './profile-answers'
import { INTERESTS } from './profile-choices'
import { NOT_ON_SALE, parseIsoDate } from './schedule'

/** How long an unpaid seat is held (and the Cashfree order stays payable). */
export const HOLD_MINUTES = 20

export const BOOKING_MESSAGES = {
  termsRequired: 'Please accept the terms and conditions to proceed!',
  requiredFields: 'Please fill in all required fields!',
  creationFailed: 'Booking creation failed. Please check your details and try again!',
  noSession: 'Unable to initiate payment. Please contact support.',
  paymentFailed: "Payment failed. Don't worry, we'll help you!",
  gatewayError: 'Payment gateway error. Please try again or contact support.',
  unexpected: 'Oops! Something went wrong. Please try again or contact our friendly support team.',
  redirecting: 'Redirecting to secure payment gateway',
  processing: 'Processing Payment...',
  soldOut: 'Sorry, this date is sold out. Please choose another date.',
  alreadyBooked: 'You already have a seat on this date. See My bookings.',
  heldAtOtherPrice:
    'You already have a seat held on this date at the other price. Complete that payment from My bookings, or wait for its hold to end.',
  holdLimit: `You already have seats held for payment on other dates. Complete one of those payments from My bookings, or wait for a hold to end (at most ${HOLD_MINUTES} minutes), then try again.`,
  profileRequired: ACCOUNT_MESSAGES.profileRequired,
  notCancellable: 'Only a confirmed booking can be cancelled.',
  cancelAfterStart: 'This event has already started, so the booking can no longer be cancelled.',
  cancelOffline: 'You are offline. Cancelling needs a connection.',
  dateCancelled: 'This date has been cancelled. Please choose another date.',
  salesClosed: 'Bookings for this date are closed. Please choose another date.',
  notOnSale: NOT_ON_SALE,
} as const

/** What a suspended or banned member is told when they try to book or join a waitlist. */
export function standingMessage(standing: { level: string; until?: string; reason: string }): string | undefined {
  if (standing.level === 'banned') return `Your account is banned from booking: ${standing.reason}`
  if (standing.level === 'suspended')
    return `Your account is suspended until ${standing.until} (inclusive): ${standing.reason}`
  return undefined
}

/**
 * How many seats one member may hold unpaid at once, across all dates (one per date). Two lets a
 * member pay for two evenings side by side (a Saturday and the Wednesday after) while a script
 * on one account can keep at most two seats from everyone else, and only for HOLD_MINUTES.
 */
export const MAX_LIVE_HOLDS = 2

/** "software_engineer" -> "Software Engineer": how an enumeration value reads. */
export function enumLabel(value: string): string {
  return value
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/** The member as the booking form describes them ("Booking form user profile"). */
export const bookingProfileSchema = v.strictObject({
  name: nameSchema,
  email: v.pipe(
    v.string(BOOKING_MESSAGES.requiredFields),
    v.trim(),
    v.maxLength(MAX_EMAIL_LENGTH, `Email addresses are at most ${MAX_EMAIL_LENGTH} characters`),
    v.email('Please enter a valid email address'),
  ),
  mobile: mobileSchema,
  /** The person the seat is for meets the profile's rules: a real date, 18 to 60, the same messages. */
  dateOfBirth: v.pipe(v.string(BOOKING_MESSAGES.requiredFields), dateOfBirthSchema),
  profession: v.optional(professionSchema),
  foodPreference: v.optional(v.picklist(FOOD_PREFERENCES, 'Unknown food preference')),
  personalityType: v.optional(v.picklist(PERSONALITY_TYPES, 'Unknown personality type')),
  drinkingPreference: v.optional(v.picklist(DRINKING_PREFERENCES, 'Unknown drinking preference')),
  relationshipStatus: v.optional(v.picklist(RELATIONSHIP_STATUSES, 'Unknown relationship status')),
  interests: v.optional(
    v.pipe(
      v.array(v.picklist(INTERESTS, 'Unknown interest')),
      v.maxLength(INTERESTS.length, `At most ${INTERESTS.length} interests`),
      v.check((ids) => new Set(ids).size === ids.length, 'Each interest can be chosen once'),
    ),
  ),
  termsAccepted: v.literal(true, BOOKING_MESSAGES.termsRequired),
})

/** An event's date as the functions take it: "2026-11-28" (YYYY-MM-DD, IST). */
export const eventDateSchema = v.pipe(
  v.string('eventDate must be a date'),
  v.isoDate('eventDate must be a date (YYYY-MM-DD)'),
  // The format alone lets 2026-02-30 through.
  v.check((date) => parseIsoDate(date) !== undefined, 'eventDate must be a day of the calendar'),
)

/**
 * What the browser sends to `createBooking`. `amount` may be sent (the original client sends
 * the price it showed) but is never charged: the price comes from the catalogue.
 */
export const createBookingSchema = v.strictObject({
  eventId: eventIdField('Unknown event'),
  eventDate: eventDateSchema,
  tier: v.picklist(PRICE_TIERS, 'tier must be girls or boys'),
  amount: v.optional(v.pipe(v.number(), v.finite())),
  userProfile: bookingProfileSchema,
})
export type CreateBookingRequest = v.InferInput<typeof createBookingSchema>

/** Cashfree's environment, decided by the functions' configuration (the browser's checkout follows it). */
export type CashfreeMode = 'sandbox' | 'production'

export interface CreateBookingResponse {
  order_id: string
  payment_session_id: string
  /** The environment the order was created in: the checkout must open in the same one. */
  cashfree_mode: CashfreeMode
  /**
   * The answers given with this booking that the member's profile now keeps (by field): only for a
   * seat for the member themself, so a friend's answers never become theirs. The device keeps the same.
   */
  kept_answers: Partial<Record<AnswerField, string>>
}

/** A booking's order id, as every request about one booking names it. */
export const orderIdField = v.pipe(
  v.string('orderId must be text'),
  v.regex(/^[A-Za-z0-9_-]{3,45}$/, 'orderId is not a valid order id'),
)
export const orderIdSchema = v.strictObject({ orderId: orderIdField })

/**
 * pending: a seat held, the payment open (a failed attempt may be retried until the hold
 * ends); confirmed: paid, the only state that is a ticket; failed: the hold ended after a failed
 * attempt; expired: the hold ended with no payment; refunded: money paid is going back (see
 * the refund's own state); cancelled: the member gave the seat back before the event, with the
 * refund the policy gave then (if any). Only pending and confirmed bookings hold a seat.
 */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'failed', 'expired', 'refunded', 'cancelled'] as const
type BookingStatus = (typeof BOOKING_STATUSES)[number]

/**
 * A refund, followed to its end: requested (Cashfree has not accepted it yet; retried),
 * pending (accepted, on its way), succeeded (the money is back), failed (Cashfree gave up on
 * it; the team is alerted and pays it back by hand).
 */
export const REFUND_STATES = ['requested', 'pending', 'succeeded', 'failed'] as const
export type RefundState = (typeof REFUND_STATES)[number]

/**
 * Why money goes back: table-full (it arrived after its hold ended, and the table had filled
 * meanwhile), duplicate (after its hold ended, and the member had booked the same date again),
 * amount-mismatch (what was paid is not what the order asked for; these three in full),
 * cancelled (the member cancelled; the policy's share of what they paid), date-cancelled (the team
 * cancelled the whole date; in full), host-cancelled (a host cancelled this member's seat; in full),
 * refunded-by-team (the team refunded the booking in Cashfree's dashboard; what they refunded).
 */
export const REFUND_REASONS = [
  'table-full',
  'duplicate',
  'amount-mismatch',
  'cancelled',
  'date-cancelled',
  'host-cancelled',
  'refunded-by-team',
] as const
export type RefundReason = (typeof REFUND_REASONS)[number]

/**
 * The venue brief: where exactly a date's table is, shared by the team about 24 hours before
 * the evening and shown only on confirmed tickets. Stored as venue_briefs/{eventId}_{date}.
 */
export const venueBriefSchema = v.strictObject({
  venueName: v.pipe(
    v.string('venueName must be text'),
    v.trim(),
    v.nonEmpty('venueName is required'),
    v.maxLength(120),
  ),
  address: v.pipe(v.string('address must be text'), v.trim(), v.nonEmpty('address is required'), v.maxLength(300)),
  mapsUrl: v.optional(
    v.pipe(
      v.string('mapsUrl must be text'),
      v.url('mapsUrl must be a web address'),
      v.startsWith('https://', 'mapsUrl must start with https://'),
      v.maxLength(2048, 'mapsUrl is at most 2048 characters'),
    ),
  ),
  notes: v.optional(v.pipe(v.string('notes must be text'), v.trim(), v.maxLength(600))),
})
export type VenueBrief = v.InferOutput<typeof venueBriefSchema>

export const venueBriefPath = (eventId: string, date: string) => `venue_briefs/${eventId}_${date}`

/** A date the team has cancelled (`npm run cancel-date`): { reason, cancelled_at, settled }. */
export const cancelledDatePath = (eventId: string, date: string) => `cancelled_dates/${eventId}_${date}`

/** A booking as the member sees it (getBooking, listMyBookings). */
/** What a member's ticket says of their group (groups.ts). */
export type YourGroupView =
  /** Before the reveal, or before the host has published: when it will be revealed (ISO). */
  | { revealAt: string; number?: undefined }
  /** After the reveal: their group's number, the others' first names, the interests they share. */
  | { revealAt: string; number: number; others: string[]; shared: (typeof INTERESTS)[number][] }

export interface BookingView {
  orderId: string
  status: BookingStatus
  eventId: string
  eventDate: string
  tier: string
  amount: number
  createdAt: string
  /** Present once the team has shared the venue, and only on a confirmed booking. */
  venueBrief?: VenueBrief
  /** While pending: when the hold ends (ISO time). */
  holdExpiresAt?: string
  /** While pending and held: Cashfree's checkout session, to finish or retry the payment. */
  paymentSessionId?: string
  /** With the session: the Cashfree environment its order lives in. */
  cashfreeMode?: CashfreeMode
  /** While pending: the last payment attempt failed or was abandoned (it may be retried). */
  lastAttemptFailed?: boolean
  /**
   * When the server read this booking's state from Cashfree for this answer (ISO time); absent
   * when it answered from what it last knew (it asks Cashfree at most every few seconds).
   */
  checkedAt?: string
  /** When money is going back: how much, where it stands, and why. */
  refund?: { amount: number; status: RefundState; reason: RefundReason }
  /** The name the seat was booked for (absent once an account deletion removed it). */
  attendeeName?: string
  /** When the guest was checked in at the door (ISO time), once a door phone has synced it. */
  checkedInAt?: string
  /** Only on a confirmed booking: the signed pass its ticket shows as a QR code, and its short code. */
  pass?: IssuedPass
  /** Once the morning after has asked this guest how the evening was: whether it is still open, until when. */
  afterNight?: AfterNightStatus
  /** Only on a confirmed booking of a date to come: when its group is revealed, and once it is, the group. */
  table?: YourGroupView
}

/** Holds a seat and opens a Cashfree order for it. */
export const createBookingCall = contract<typeof createBookingSchema, CreateBookingResponse>(
  'createBooking',
  createBookingSchema,
  [BOOKING_MESSAGES, ACCOUNT_MESSAGES, PHONE_MESSAGES],
)

/** One of the member's bookings, checked with Cashfree when its payment may have moved. */
export const getBookingCall = contract<typeof orderIdSchema, { booking: BookingView }>('getBooking', orderIdSchema, [
  BOOKING_MESSAGES,
  ACCOUNT_MESSAGES,
])

/** Gives a confirmed seat back before the event, refunding what the policy gives at that moment. */
export const cancelBookingCall = contract<typeof orderIdSchema, { booking: BookingView }>(
  'cancelBooking',
  orderIdSchema,
  [BOOKING_MESSAGES, ACCOUNT_MESSAGES],
)
