/**
 * getAvailability: spots left for each upcoming date of one event, or of every event when
 * none is named (the listing asks once). Public: visitors see spots left before signing in.
 * Only paid seats and live holds count: a seat whose hold time has passed is not counted (and
 * nothing is written: the sweep frees it), so a checkout abandoned minutes ago does not keep the
 * date "sold out".
 */
import type { AvailabilityResponse, EventAvailability } from '../../src/domain/availability'
import { getAvailabilityCall } from '../../src/domain/availability'
import { EVENTS, type YaariEvent } from '../../src/domain/catalogue'
import { availableDates } from '../../src/domain/schedule'
import { countLiveSeats } from './bookings/holds'
import { type BookingDeps, cancelledAmong, nowOf } from './bookings/records'
import { waitingCount } from './bookings/waitlist'
import { parseRequest } from './lib/validate'

async function eventAvailability(deps: BookingDeps, event: YaariEvent): Promise<EventAvailability> {
  const open = availableDates(event, new Date(nowOf(deps)))
  const cancelled = await cancelledAmong(deps.firestore, event.id, open)
  const dates = await Promise.all(
    open.map(async (date) => {
      if (cancelled.has(date)) return { date, capacity: event.capacity, spotsLeft: 0, cancelled: true as const }
      const [taken, waiting] = await Promise.all([
        countLiveSeats(deps.firestore, event.id, date, nowOf(deps)),
        waitingCount(deps.firestore, event.id, date),
      ])
      // While members wait, a seat that frees is theirs: the date stays sold out to others.
      const spotsLeft = waiting > 0 ? 0 : Math.max(0, event.capacity - taken)
      return { date, capacity: event.capacity, spotsLeft, ...(waiting > 0 ? { waiting } : {}) }
    }),
  )
  return { eventId: event.id, dates }
}

export async function getAvailabilityHandler(deps: BookingDeps, data: unknown): Promise<AvailabilityResponse> {
  const { eventId } = parseRequest(getAvailabilityCall.request, data)
  const events = EVENTS.filter((event) => !eventId || event.id === eventId)
  return { events: await Promise.all(events.map((event) => eventAvailability(deps, event))) }
}
