/**
 * A date's capacity in force: its seat numbers (date settings) less the seats a host blocked. A
 * blocker is a seat document like any other (so no booking can take its number), marked blocked,
 * with an order id of its own that no booking has. Changing the capacity races fairly with
 * bookings for the same numbers (seats.ts): raised, the caller offers the new seats to the line.
 */
import type { Firestore } from 'firebase-admin/firestore'
import { isLive } from '../lib/claims'
import { type DatedEvent, setSeatNumbers } from '../lib/data/date-settings'
import { blockSeat, isBlocked, readDateSeats, takeOverExpiredSeat, unblockSeats } from '../lib/data/seats'

/**
 * A date's seats as a host sees them: how many numbers exist, how many are blocked, the capacity
 * in force (the difference), how many seats are live (paid, held or offered) besides blockers, and
 * how many of those are held unpaid or offered (not yet taken).
 */
export async function readCapacity(firestore: Firestore, event: DatedEvent, date: string, now: number) {
  const read = await readDateSeats(firestore, event, date)
  const { settings } = read
  const blocked = read.seats.filter(isBlocked)
  const seats = read.seats.filter((seat) => !isBlocked(seat))
  const live = seats.filter((seat) => isLive(seat.record, now))
  return {
    seatNumbers: settings.seatNumbers,
    salesClosed: settings.salesClosed,
    blocked,
    capacity: settings.seatNumbers - blocked.length,
    live,
    held: live.filter((seat) => seat.record.status !== 'taken').length,
    expired: seats.filter((seat) => !isLive(seat.record, now)),
  }
}

export type CapacityChange =
  | { outcome: 'unchanged' | 'raised' | 'lowered'; capacity: number; previous: number }
  | { outcome: 'below-taken'; capacity: number; taken: number }

/**
 * Sets a date's capacity in force. Raising removes blockers, then adds seat numbers; the seats it
 * adds are free, and the caller offers them to the waitlist first. Lowering blocks free seat
 * numbers one create() at a time, racing fairly with bookings for the same numbers, so at every
 * moment the live seats never exceed the seat numbers less the blocked ones; if bookings take the
 * numbers first and the capacity would fall below the seats taken, the blockers it made are
 * removed and nothing changes. One change at a time per date (the caller holds the date's lease).
 */
export async function setCapacity(
  firestore: Firestore,
  event: DatedEvent,
  date: string,
  target: number,
  now: number,
): Promise<CapacityChange> {
  const state = await readCapacity(firestore, event, date, now)
  const previous = state.capacity
  if (target === previous) return { outcome: 'unchanged', capacity: previous, previous }
  if (target > previous) {
    const unblock = state.blocked.slice(0, target - previous)
    await unblockSeats(
      firestore,
      event.id,
      date,
      unblock.map((seat) => seat.n),
    )
    const more = target - previous - unblock.length
    if (more > 0) await setSeatNumbers(firestore, event.id, date, state.seatNumbers + more, now)
    return { outcome: 'raised', capacity: target, previous }
  }
  if (state.live.length > target) return { outcome: 'below-taken', capacity: previous, taken: state.live.length }
  // Seats whose hold has run out are free: cleared so their numbers can be blocked.
  await Promise.all(state.expired.map((seat) => takeOverExpiredSeat(seat, now)))
  const needed = previous - target
  const made: number[] = []
  for (let n = 1; n <= state.seatNumbers && made.length < needed; n++) {
    if (await blockSeat(firestore, event.id, date, n, now)) made.push(n)
  }
  if (made.length < needed) {
    await unblockSeats(firestore, event.id, date, made)
    const taken = (await readCapacity(firestore, event, date, now)).live.length
    return { outcome: 'below-taken', capacity: previous, taken }
  }
  return { outcome: 'lowered', capacity: target, previous }
}
