/**
 * getAvailability: spots left for each upcoming date of one event. Public (visitors see
 * spots left before signing in); reads seat documents, writes nothing.
 */
import type { Firestore } from 'firebase-admin/firestore'
import {
  type AvailabilityResponse,
  availabilityRequestSchema,
  seatsCollectionPath,
} from '../../src/domain/availability'
import { eventById } from '../../src/domain/catalogue'
import { availableDates } from '../../src/domain/schedule'
import { parseRequest } from './lib/validate'

export async function getAvailabilityHandler(
  firestore: Firestore,
  data: unknown,
  now: Date = new Date(),
): Promise<AvailabilityResponse> {
  const { eventId } = parseRequest(availabilityRequestSchema, data)
  // The schema admits only catalogue ids, so the event exists.
  const event = eventById(eventId)!
  const dates = await Promise.all(
    availableDates(event, now).map(async (date) => {
      const claimed = await firestore.collection(seatsCollectionPath(eventId, date)).count().get()
      const spotsLeft = Math.max(0, event.capacity - claimed.data().count)
      return { date, capacity: event.capacity, spotsLeft }
    }),
  )
  return { eventId, dates }
}
