/**
 * What the editor checks of a change: that the caller edits the cities it touches (an admin any,
 * a host theirs), which fields an edit changed (for its audit line), and which booked dates a
 * publish would drop (refused: cancelling a date is what refunds its guests).
 */
import type { YaariEvent } from '@yaari/domain/catalogue'
import { CATALOGUE_MESSAGES, type EventRecord } from '@yaari/domain/catalogue-records'
import type { Roles } from '@yaari/domain/host'
import { availableDates } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { countLiveSeats } from '../../lib/data/seats'

export const mayEdit = (roles: Roles, city: string) => roles.admin || roles.hostCities.includes(city)

export function refuseOtherCity(roles: Roles, ...cities: string[]) {
  if (!cities.every((city) => mayEdit(roles, city)))
    throw new HttpsError('permission-denied', CATALOGUE_MESSAGES.notYourCity)
}

/** The fields an edit changed, each as { from, to } (a new record: every field, from nothing). */
export function changedFields(before: object | undefined, after: object): Record<string, unknown> {
  const change: Record<string, unknown> = {}
  const stored = new Map<string, unknown>(Object.entries(before ?? {}))
  for (const [key, value] of Object.entries(after)) {
    if (key === 'status' || key === 'passCode') continue
    const previous = stored.get(key)
    if (JSON.stringify(previous) !== JSON.stringify(value)) change[key] = { from: previous ?? null, to: value }
  }
  return change
}

/**
 * The dates members could book under `before` that `after` no longer offers, with a seat taken:
 * an edit may not drop them (cancelling a date refunds its guests; an edit would strand them).
 */
export async function bookedDatesDropped(
  firestore: Firestore,
  before: YaariEvent | undefined,
  after: EventRecord,
  now: number,
): Promise<string[]> {
  if (!before) return []
  const kept = new Set(availableDates(after, new Date(now)))
  const dropped = availableDates(before, new Date(now)).filter((date) => !kept.has(date))
  const taken = await Promise.all(dropped.map((date) => countLiveSeats(firestore, after.id, date, now)))
  return dropped.filter((_, i) => (taken[i] ?? 0) > 0)
}
