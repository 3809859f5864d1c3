/**
 * insights/{city}_{YYYY-MM}: a city's month of the team's numbers, a row per event date under
 * rows.{eventId}_{date} (decision 0025); and insights/last-roll, when a roll last reached every date
 * of its window. The only module that names the collection (dev/lint/data-owners.test.mjs): the roll
 * writes the rows, the Insights page reads them.
 */
import { INSIGHT_NUMBERS, type InsightRow } from '@yaari/domain/insights'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { collectionOf } from '../collections'
import { checkedReader } from '../documents'
import { warn } from '../log'
import { expiry } from '../retention'

type NumberKey = (typeof INSIGHT_NUMBERS)[number]
const numbers = Object.fromEntries(INSIGHT_NUMBERS.map((key) => [key, v.number()])) as Record<
  NumberKey,
  v.NumberSchema<undefined>
>
const RowSchema = v.object({
  eventId: v.string(),
  eventDate: v.string(),
  city: v.string(),
  cancelled: v.boolean(),
  past: v.boolean(),
  ...numbers,
}) satisfies v.GenericSchema<unknown, InsightRow>

// A row is checked on its own: one written by an older roll (a number it did not have yet) is left
// out, and rolled again, without taking its month's other rows with it.
const MonthSchema = v.object({ city: v.string(), month: v.string(), rows: v.record(v.string(), v.unknown()) })
const months = checkedReader('insights', MonthSchema)
const LastRollSchema = v.object({ at: v.number() })
const lastRolls = checkedReader('insights', LastRollSchema)

const insights = (firestore: Firestore) => collectionOf(firestore, 'insights')
/** insights/last-roll: when a roll last looked at every date of its window (the page says "as of"). */
const LAST_ROLL = 'last-roll'

/** The key of a date's row in its month. */
export const rowKey = (eventId: string, date: string) => `${eventId}_${date}`
export const monthOf = (date: string) => date.slice(0, 7)
/** The document of a city's month. */
export const monthId = (city: string, month: string) => `${city}_${month}`

/** A row as stored, with the month document it is kept in. */
export interface StoredRow {
  doc: string
  row: InsightRow
}

/** The rows stored for these cities' months, each with its document. */
export async function readMonthRows(firestore: Firestore, cities: string[], wanted: string[]): Promise<StoredRow[]> {
  const refs = cities.flatMap((city) => wanted.map((month) => insights(firestore).doc(monthId(city, month))))
  const snapshots = refs.length ? await firestore.getAll(...refs) : []
  return snapshots.flatMap((snapshot) =>
    Object.entries(months.one(snapshot)?.rows ?? {}).flatMap(([key, stored]) => {
      const parsed = v.safeParse(RowSchema, stored)
      if (parsed.success) return [{ doc: snapshot.id, row: parsed.output }]
      warn('malformed-record', {
        collection: 'insights',
        id: `${snapshot.id}.rows.${key}`,
        issue: v.summarize(parsed.issues),
      })
      return []
    }),
  )
}

/** Writes a month's changed rows and removes those of dates no longer offered, in one write. */
export async function writeMonthRows(
  firestore: Firestore,
  doc: string,
  changes: readonly { row: InsightRow; remove: boolean }[],
  now: number,
): Promise<void> {
  const first = changes[0]
  if (!first) return
  const month = monthOf(first.row.eventDate)
  await insights(firestore)
    .doc(doc)
    .set(
      {
        city: first.row.city,
        month,
        rows: Object.fromEntries(
          changes.map(({ row, remove }) => [rowKey(row.eventId, row.eventDate), remove ? FieldValue.delete() : row]),
        ),
        rolled_at: now,
        ...expiry('insights', now, `${month}-28`),
      },
      { merge: true },
    )
}

/** Notes that a roll reached every date of its window at `now`. */
export async function noteRollComplete(firestore: Firestore, now: number): Promise<void> {
  await insights(firestore)
    .doc(LAST_ROLL)
    .set({ at: now, ...expiry('insights', now) })
}

/** When a roll last reached every date of its window, if one ever did. */
export const lastRollAt = async (firestore: Firestore): Promise<number | undefined> =>
  lastRolls.one(await insights(firestore).doc(LAST_ROLL).get())?.at

/** The months (YYYY-MM) from one date's to another's, counted as numbers (as text, "10000-01" < "9999-12"). */
export function monthsBetween(from: string, to: string): string[] {
  const index = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1
  const found: string[] = []
  for (let month = index(from); month <= index(to); month += 1) {
    found.push(`${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`)
  }
  return found
}
