/**
 * The waitlist of a sold-out date: members wait in the order they joined; when a seat frees,
 * the first one waiting is offered it, held for OFFER_MINUTES, and books it through the normal
 * form and payment. An offer not taken passes to the next member. The contracts of
 * `joinWaitlist` and `leaveWaitlist`, what a member sees of an entry, and the words shown.
 */
import * as v from 'valibot'
import { BOOKING_MESSAGES, eventDateSchema } from './booking'
import { contract } from './callable'
import { eventIdField } from './event-id'
import { ACCOUNT_MESSAGES } from './profile'

/** How long a seat offered to the first member waiting is held for them. */
export const OFFER_MINUTES = 30

/**
 * How many dates one member may wait for at once. An offer holds a seat, so this bounds what one
 * account (or a script on it) can keep from others, as MAX_LIVE_HOLDS does for unpaid seats.
 */
export const MAX_WAITLISTS = 3

export const WAITLIST_MESSAGES = {
  seatsLeft: 'There are still seats on this date: book one now.',
  alreadyBooked: BOOKING_MESSAGES.alreadyBooked,
  tooMany: `You are already on ${MAX_WAITLISTS} waitlists. Leave one of them in My bookings to join this one.`,
  joinOffline: 'You are offline. Joining the waitlist needs a connection.',
  leaveOffline: 'You are offline. Leaving the waitlist needs a connection.',
  dateCancelled: BOOKING_MESSAGES.dateCancelled,
  salesClosed: BOOKING_MESSAGES.salesClosed,
  notBookable: 'This date can no longer be booked.',
  notOnSale: BOOKING_MESSAGES.notOnSale,
} as const

export const waitlistRequestSchema = v.strictObject({
  eventId: eventIdField('Unknown event'),
  eventDate: eventDateSchema,
})

/**
 * waiting: in line; offered: a seat is held for them until offerExpiresAt; passed: the offer
 * ended without a booking (they may join again, at the back).
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'passed'] as const
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number]

/** A member's place on one date's waitlist, as they see it. */
export interface WaitlistView {
  eventId: string
  eventDate: string
  status: WaitlistStatus
  /** While waiting: 1 for the first in line. */
  position?: number
  /** How many members are waiting on this date (offers not counted). */
  waiting: number
  joinedAt: string
  /** While offered: when the seat held for them is released (ISO time). */
  offerExpiresAt?: string
}

/** Puts the member in line for a sold-out date (once; a second call answers the same entry). */
export const joinWaitlistCall = contract<typeof waitlistRequestSchema, { entry: WaitlistView }>(
  'joinWaitlist',
  waitlistRequestSchema,
  [WAITLIST_MESSAGES, ACCOUNT_MESSAGES],
)

/** Takes the member out of a date's line; a seat offered to them goes to the next member. */
export const leaveWaitlistCall = contract<typeof waitlistRequestSchema, { left: true }>(
  'leaveWaitlist',
  waitlistRequestSchema,
  [ACCOUNT_MESSAGES],
)

/** Minutes left of an offer, rounded up (0 once it has ended). */
export function offerMinutesLeft(offerExpiresAt: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(offerExpiresAt) - now.getTime()) / 60_000))
}
