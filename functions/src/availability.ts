/**
 * getAvailability: spots left for each upcoming date of one event, or of every event when
 * none is named (the listing asks once). Public (visitors see
 * spots left before signing in); reads seat documents, writes nothing.
 */
import type { Firestore } from 'firebase-admin/firestore'
import {
  type AvailabilityResponse,
  availabilityRequestSchema,
  type EventAvailability,
  seatsCollectionPath,
} from '../../src/domain/availability'
import { EVENTS, type YaariEvent } from '../../src/domain/catalogue'
import { availableDates } from '../../src/domain/schedule'
import { parseRequest } from './lib/validate'

async function eventAvailability(firestore: Firestore, event: YaariEvent, now: Date): Promise<EventAvailability> {
  const dates = await Promise.all(
    availableDates(event, now).map(async (date) => {
      const claimed = await firestore.collection(seatsCollectionPath(event.id, date)).count().get()
      const spotsLeft = Math.max(0, event.capacity - claimed.data().count)
      return { date, capacity: event.capacity, spotsLeft }
    }),
  )
  return { eventId: event.id, dates }
}

export async function getAvailabilityHandler(
  firestore: Firestore,
  data: unknown,
  now: Date = new Date(),
): Promise<AvailabilityResponse> {
  const { eventId } = parseRequest(availabilityRequestSchema, data)
  const events = EVENTS.filter((event) => !eventId || event.id === eventId)
  return { events: await Promise.all(events.map((event) => eventAvailability(firestore, event, now))) }
}
