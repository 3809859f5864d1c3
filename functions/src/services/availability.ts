/**
 * getAvailability: spots left for each upcoming date of one event, or of every event when
 * none is named (the listing asks once). Public: visitors see spots left before signing in.
 * Only paid seats and live holds count: a seat whose hold time has passed is not counted (and
 * nothing is written: the sweep frees it), so a checkout abandoned minutes ago does not keep the
 * date "sold out".
 */

import type { AvailabilityResponse, EventAvailability, getAvailabilityCall } from '@yaari/domain/availability'
import type { RequestOf } from '@yaari/domain/callable'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { availableDates } from '@yaari/domain/schedule'
import { dateSettingsAmong } from '../lib/date-settings'
import { type BookingDeps, cancelledAmong, nowOf } from '../lib/records'
import { countBlockedSeats } from './capacity'
import { countLiveSeats } from './seats'
import { waitingCount } from './waitlist/views'

async function eventAvailability(deps: BookingDeps, event: YaariEvent): Promise<EventAvailability> {
  const open = availableDates(event, new Date(nowOf(deps)))
  const [cancelled, settings] = await Promise.all([
    cancelledAmong(deps.firestore, event.id, open),
    dateSettingsAmong(deps.firestore, event, open),
  ])
  const dates = await Promise.all(
    open.map(async (date) => {
      if (cancelled.has(date)) return { date, capacity: event.capacity, spotsLeft: 0, cancelled: true as const }
      const { seatNumbers, salesClosed } = settings.get(date) ?? { seatNumbers: event.capacity, salesClosed: false }
      const [taken, blocked, waiting] = await Promise.all([
        countLiveSeats(deps.firestore, event.id, date, nowOf(deps)),
        countBlockedSeats(deps.firestore, event.id, date),
        waitingCount(deps.firestore, event.id, date),
      ])
      const capacity = seatNumbers - blocked
      if (salesClosed) return { date, capacity, spotsLeft: 0, salesClosed: true as const }
      // While members wait, a seat that frees is theirs: the date stays sold out to others.
      const spotsLeft = waiting > 0 ? 0 : Math.max(0, seatNumbers - taken)
      return { date, capacity, spotsLeft, ...(waiting > 0 ? { waiting } : {}) }
    }),
  )
  return { eventId: event.id, dates }
}

export async function getAvailability(
  deps: BookingDeps,
  { eventId }: RequestOf<typeof getAvailabilityCall>,
): Promise<AvailabilityResponse> {
  const { catalogue } = deps
  // One event (an archived one too: its page may still be open), or the listing's.
  const one = eventId ? catalogue.eventById(eventId) : undefined
  const events = eventId ? (one ? [one] : []) : catalogue.listed
  return { events: await Promise.all(events.map((event) => eventAvailability(deps, event))) }
}
