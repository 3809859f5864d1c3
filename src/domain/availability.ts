/**
 * The contract of `getAvailability`: what the browser sends, what the function answers.
 * The function validates with this schema; the client uses the same types.
 */
import * as v from 'valibot'
import { EVENT_IDS } from './catalogue'

export const availabilityRequestSchema = v.strictObject({
  eventId: v.picklist(EVENT_IDS, 'eventId must be one of our events'),
})
export type AvailabilityRequest = v.InferOutput<typeof availabilityRequestSchema>

export interface DateAvailability {
  date: string
  capacity: number
  spotsLeft: number
}

export interface AvailabilityResponse {
  eventId: string
  dates: DateAvailability[]
}

/** Firestore path of the seat documents of one event date (one document per claimed seat). */
export function seatsCollectionPath(eventId: string, date: string): string {
  return `slots/${eventId}_${date}/seats`
}
