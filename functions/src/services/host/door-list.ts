/**
 * The door list: a date as a door phone keeps it, every booking with a pass in its state now (with
 * its short code), every admission so far, and the pass keys the server vouches for until the night
 * window closes. What getDoorList answers and what syncCheckIns answers after replaying a phone's ops.
 */
import type { YaariEvent } from '@yaari/domain/catalogue'
import { type DoorGuest, type DoorKeys, type DoorList, doorWindow } from '@yaari/domain/door'
import { passCode } from '@yaari/domain/pass-code'
import type { Firestore } from 'firebase-admin/firestore'
import { type BookingRecord, bookingsOfDate } from '../../lib/data/bookings'
import { verifiedMembers } from '../../lib/data/phone-numbers'
import { doorGroups } from '../groups/published'
import { dateAdmissions } from './admissions'

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)

/** A booking's state at the door: paid, or why not (held, failed and expired ones never had a pass). */
export function doorState(booking: BookingRecord): DoorGuest['state'] | undefined {
  if (booking.status === 'confirmed') return 'paid'
  if (booking.status === 'refunded') return 'refunded'
  if (booking.status === 'cancelled') return booking.refund ? 'refunded' : 'cancelled'
  return undefined
}

function doorGuest(
  booking: BookingRecord,
  groups: ReadonlyMap<string, number>,
  verified: ReadonlySet<string>,
): DoorGuest | undefined {
  const state = doorState(booking)
  if (!state) return undefined
  const group = state === 'paid' ? groups.get(booking.order_id) : undefined
  return {
    ...(group !== undefined ? { group } : {}),
    orderId: booking.order_id,
    code: passCode(booking.order_id),
    name: text(booking.attendee?.name) ?? 'Member',
    tier: booking.tier,
    ...(text(booking.attendee?.foodPreference) ? { foodPreference: text(booking.attendee.foodPreference) } : {}),
    state,
    ...(verified.has(booking.user_id) ? { verified: true as const } : {}),
  }
}

/** The date as a door phone keeps it: every booking with a pass in its state now, who is in, the keys. */
export async function doorListOf(
  firestore: Firestore,
  event: YaariEvent,
  input: { eventId: string; eventDate: string },
  keys: Record<string, string>,
  now: number,
  bookings?: BookingRecord[],
): Promise<DoorList> {
  const [records, admitted] = await Promise.all([
    bookings ?? bookingsOfDate(firestore, input.eventId, input.eventDate),
    dateAdmissions(firestore, input.eventId, input.eventDate),
  ])
  const paid = records.filter((record) => record.status === 'confirmed').map((record) => record.order_id)
  const [groups, verified] = await Promise.all([
    doorGroups(firestore, event, input.eventDate, paid),
    verifiedMembers(
      firestore,
      records.map((record) => record.user_id),
    ),
  ])
  const guests = records
    .map((record) => doorGuest(record, groups, verified))
    .filter((guest): guest is DoorGuest => guest !== undefined)
  guests.sort((a, b) => a.name.localeCompare(b.name))
  const doorKeys: DoorKeys = {
    keys,
    until: new Date(doorWindow(event, input.eventDate).closes).toISOString(),
  }
  return {
    eventId: input.eventId,
    eventDate: input.eventDate,
    expected: guests.filter((guest) => guest.state === 'paid').length,
    guests,
    admissions: admitted,
    keys: doorKeys,
    readAt: new Date(now).toISOString(),
  }
}
