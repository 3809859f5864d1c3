/**
 * What a host has set on one date (date_settings/{eventId}_{date}): how many seat numbers it has
 * (never fewer than the catalogue's capacity; more once a host raised it) and whether its sales
 * are closed. A date without the document is as the catalogue says, with sales open. The only
 * module that names the collection (dev/lint/data-owners.test.mjs), with its leases (one change of
 * a date's capacity at a time).
 */
import type { YaariEvent } from '@yaari/domain/catalogue'
import { dateSettingsPath } from '@yaari/domain/host'
import type { Firestore, WriteBatch } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { isAlreadyExists, isFailedPrecondition, isNotFound } from '../claims'
import { subcollectionOf } from '../collections'
import { checkedReader } from '../documents'
import { expiry } from '../retention'

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

const dateSettingsRef = (firestore: Firestore, eventId: string, date: string) =>
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

/** Gives a date `seatNumbers` seat numbers (a host raised its capacity past them). */
export async function setSeatNumbers(
  firestore: Firestore,
  eventId: string,
  date: string,
  seatNumbers: number,
  now: number,
): Promise<void> {
  await dateSettingsRef(firestore, eventId, date).set(
    { seat_numbers: seatNumbers, ...expiry('date_settings', now, date) },
    { merge: true },
  )
}

/** Closes or reopens a date's sales, in the batch that also writes its audit line. */
export function setSalesInBatch(
  batch: WriteBatch,
  firestore: Firestore,
  eventId: string,
  date: string,
  open: boolean,
  now: number,
): void {
  batch.set(
    dateSettingsRef(firestore, eventId, date),
    { sales_closed: !open, ...expiry('date_settings', now, date) },
    { merge: true },
  )
}

/** Who coordinates the date (hosts' uids, as a host chose them); none until one is chosen. */
export async function readCoordinators(firestore: Firestore, eventId: string, date: string): Promise<string[]> {
  const stored: unknown = (await dateSettingsRef(firestore, eventId, date).get()).get('coordinators')
  return Array.isArray(stored) ? stored.filter((uid): uid is string => typeof uid === 'string') : []
}

/** Sets who coordinates the date. */
export async function writeCoordinators(
  firestore: Firestore,
  eventId: string,
  date: string,
  coordinators: string[],
  now: number,
): Promise<void> {
  await dateSettingsRef(firestore, eventId, date).set(
    { coordinators, ...expiry('date_settings', now, date) },
    { merge: true },
  )
}

const LeaseSchema = v.object({ until: v.number() })
const leases = checkedReader('leases', LeaseSchema)

/**
 * Takes the date's lease `name` until `until`: true once held; false while another holder's lease
 * runs. A lease left by a run that died (its time passed) is taken over once.
 */
export async function takeDateLease(
  firestore: Firestore,
  eventId: string,
  date: string,
  name: string,
  now: number,
  until: number,
): Promise<boolean> {
  const lease = subcollectionOf(dateSettingsRef(firestore, eventId, date), 'leases').doc(name)
  for (let attempt = 0; ; attempt++) {
    try {
      await lease.create({ until, ...expiry('leases', now) })
      return true
    } catch (error) {
      if (!isAlreadyExists(error)) throw error
      if (attempt > 0) return false
      const held = await lease.get()
      if (held.exists && (leases.one(held)?.until ?? Number.NaN) > now) return false
      // Left by a run that died: deleted only as it was read, so of two runs that find it stale at
      // once, one takes it over and the other finds the new lease and leaves it.
      if (held.exists) {
        try {
          await lease.delete({ lastUpdateTime: held.updateTime! })
        } catch (failed) {
          if (isFailedPrecondition(failed) || isNotFound(failed)) return false
          throw failed
        }
      }
    }
  }
}

/** Lets the date's lease `name` go (one already gone is not an error). */
export async function releaseDateLease(firestore: Firestore, eventId: string, date: string, name: string) {
  await subcollectionOf(dateSettingsRef(firestore, eventId, date), 'leases')
    .doc(name)
    .delete()
    .catch(() => undefined)
}
