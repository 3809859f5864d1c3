/**
 * What a host has set on one date (date_settings/{eventId}_{date}): how many seat numbers it has
 * (never fewer than the catalogue's capacity; more once a host raised it) and whether its sales
 * are closed. A date without the document is as the catalogue says, with sales open.
 */
import type { YaariEvent } from '@yaari/domain/catalogue'
import { dateSettingsPath } from '@yaari/domain/host'
import type { Firestore } from 'firebase-admin/firestore'

export interface DateSettings {
  /** Seat numbers 1..seatNumbers exist for this date; seats a host took away are blocked among them. */
  seatNumbers: number
  salesClosed: boolean
}

/** The event a date belongs to: its id (where the settings live) and its capacity in the catalogue. */
export type DatedEvent = Pick<YaariEvent, 'id' | 'capacity'>

const settingsOf = (event: DatedEvent, data: Record<string, unknown> | undefined): DateSettings => {
  const stored = typeof data?.seat_numbers === 'number' ? data.seat_numbers : 0
  return { seatNumbers: Math.max(event.capacity, stored), salesClosed: data?.sales_closed === true }
}

export const dateSettingsRef = (firestore: Firestore, eventId: string, date: string) =>
  firestore.doc(dateSettingsPath(eventId, date))

export async function readDateSettings(firestore: Firestore, event: DatedEvent, date: string): Promise<DateSettings> {
  return settingsOf(event, (await dateSettingsRef(firestore, event.id, date).get()).data())
}

/** The settings of several dates of one event, in one read. */
export async function dateSettingsAmong(
  firestore: Firestore,
  event: DatedEvent,
  dates: string[],
): Promise<Map<string, DateSettings>> {
  if (dates.length === 0) return new Map()
  const snapshots = await firestore.getAll(...dates.map((date) => dateSettingsRef(firestore, event.id, date)))
  return new Map(dates.map((date, i) => [date, settingsOf(event, snapshots[i]?.data())]))
}
