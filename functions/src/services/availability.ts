/**
 * getAvailability: spots left for each upcoming date of one event, or of every event when
 * none is named (the listing asks once). Public: visitors see spots left before signing in.
 * Only paid seats and live holds count: a seat whose hold time has passed is not counted (and
 * nothing is written: the sweep frees it), so a checkout abandoned minutes ago does not keep the
 * date "sold out".
 */

import type {
  AvailabilityResponse,
  DateAvailability,
  EventAvailability,
  getAvailabilityCall,
} from '@yaari/domain/availability'
import type { RequestOf } from '@yaari/domain/callable'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { availableDates } from '@yaari/domain/schedule'
import { nowOf } from '../lib/context'
import { cancelledAmong } from '../lib/data/cancelled-dates'
import { dateSettingsAmong } from '../lib/data/date-settings'
import { countBlockedSeats, countLiveSeats } from '../lib/data/seats'
import { waitingCount } from '../lib/data/waitlist'
import type { BookingDeps } from '../lib/records'

type AvailabilityDeps = Pick<BookingDeps, 'firestore' | 'now'>

/** Some of an event's dates to come as they stand: cancelled, closed, or their spots left. */
async function datesAsTheyStand(
  deps: AvailabilityDeps,
  event: YaariEvent,
  open: string[],
): Promise<DateAvailability[]> {
  const [cancelled, settings] = await Promise.all([
    cancelledAmong(deps.firestore, event.id, open),
    dateSettingsAmong(deps.firestore, event, open),
  ])
  return Promise.all(
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
}

async function eventAvailability(deps: AvailabilityDeps, event: YaariEvent): Promise<EventAvailability> {
  return { eventId: event.id, dates: await datesAsTheyStand(deps, event, availableDates(event, new Date(nowOf(deps)))) }
}

/** How many dates ahead an event's page looks for its next one not cancelled. */
const NEXT_DATE_LOOK_AHEAD = 6

/**
 * What an event's public page says of its next date (its schema.org offers): the first of its next
 * few dates the team has not cancelled, as it stands, with the cancelled ones before it. A few
 * reads whatever the schedule (not every date on sale: the page is public, and asked for by anyone).
 */
export async function nextDateAvailability(deps: AvailabilityDeps, event: YaariEvent): Promise<DateAvailability[]> {
  const ahead = availableDates(event, new Date(nowOf(deps))).slice(0, NEXT_DATE_LOOK_AHEAD)
  const cancelled = await cancelledAmong(deps.firestore, event.id, ahead)
  const next = ahead.find((date) => !cancelled.has(date))
  const before = ahead
    .filter((date) => cancelled.has(date) && (next === undefined || date < next))
    .map((date) => ({ date, capacity: event.capacity, spotsLeft: 0, cancelled: true as const }))
  return next ? [...before, ...(await datesAsTheyStand(deps, event, [next]))] : before
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
