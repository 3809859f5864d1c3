/**
 * The contract of `getAvailability`: what the browser sends, what the function answers.
 * The function validates with this schema; the client uses the same types.
 */
import * as v from 'valibot'
import { contract } from './callable'
import { eventIdField } from './event-id'

/** One event, or every event when eventId is left out (the listing asks once for all). */
export const availabilityRequestSchema = v.strictObject({
  eventId: v.optional(eventIdField('Unknown event')),
})

export interface DateAvailability {
  date: string
  capacity: number
  spotsLeft: number
  /** The team has cancelled this date: nothing can be booked. */
  cancelled?: true
  /** A host has closed this date's sales: nothing can be booked, and nobody joins its waitlist. */
  salesClosed?: true
  /** Members on the date's waitlist (present when some wait; the date is then sold out to others). */
  waiting?: number
}

export interface EventAvailability {
  eventId: string
  dates: DateAvailability[]
}

export interface AvailabilityResponse {
  events: EventAvailability[]
}

/** Firestore path of the seat documents of one event date (one document per claimed seat). */
export function seatsCollectionPath(eventId: string, date: string): string {
  return `slots/${eventId}_${date}/seats`
}

/** Spots left per event and date. Public: no sign-in needed. */
export const getAvailabilityCall = contract<typeof availabilityRequestSchema, AvailabilityResponse>(
  'getAvailability',
  availabilityRequestSchema,
)
