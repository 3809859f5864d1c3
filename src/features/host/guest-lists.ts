/**
 * A date's guest list: loaded from getGuestList, kept on the host's device (the last one loaded
 * per date), and read from there first, so the door opens it with no signal. The saved copy has
 * no mobile numbers: they stay in this page's memory, shown while it is open, and never reach the
 * device's storage (a lost phone gives away no guest's number).
 */
import type { EventId } from '@yaari/domain/catalogue'
import { type GuestList, type GuestRow, getGuestListCall, type HostDateSummary } from '@yaari/domain/host'
import { useLiveQuery } from 'dexie-react-hooks'
import { call } from '../../lib/call'
import { localDb } from '../../lib/db'

const keyOf = (uid: string, eventId: string, date: string) => `${uid}/${eventId}_${date}`

/** Mobile numbers of the lists loaded since the page opened, by list and order (or member) id. */
const mobiles = new Map<string, Map<string, string>>()
const rowKey = (guest: GuestRow) => guest.orderId ?? guest.uid

/** The list as the device keeps it: no mobile numbers. */
function withoutMobiles(key: string, list: GuestList): GuestList {
  const numbers = new Map<string, string>()
  const guests = list.guests.map(({ mobile, ...guest }) => {
    if (mobile) numbers.set(rowKey(guest), mobile)
    return guest
  })
  if (numbers.size > 0) mobiles.set(key, numbers)
  return { ...list, guests }
}

/** The last guest list this host loaded for the date, as the device holds it (null when none). */
export async function readSavedGuestList(uid: string, eventId: EventId, date: string): Promise<GuestList | null> {
  const key = keyOf(uid, eventId, date)
  const list = (await localDb().hostLists.get(key))?.list as GuestList | undefined
  if (!list) return null
  const numbers = mobiles.get(key)
  if (!numbers) return list
  return {
    ...list,
    guests: list.guests.map((guest) => {
      const mobile = numbers.get(rowKey(guest))
      return mobile ? { ...guest, mobile } : guest
    }),
  }
}

/** The saved guest list, kept current (`initial` until the first read: what the route's loader read). */
export function useSavedGuestList(
  uid: string,
  eventId: EventId,
  date: string,
  initial?: GuestList | null,
): GuestList | null | undefined {
  return useLiveQuery(() => readSavedGuestList(uid, eventId, date), [uid, eventId, date], initial)
}

/** The dates of the lists this host saved on the device, soonest first: the console's first screen with no signal. */
export async function readSavedDates(uid: string): Promise<HostDateSummary[]> {
  const rows = await localDb().hostLists.where('uid').equals(uid).toArray()
  return rows.map((row) => (row.list as GuestList).date).sort((a, b) => a.startsAt.localeCompare(b.startsAt))
}

/** Loads the guest list from the server and keeps it on the device. */
export async function loadGuestList(uid: string, eventId: EventId, date: string): Promise<GuestList> {
  const list = await call(getGuestListCall, { eventId, eventDate: date })
  const key = keyOf(uid, eventId, date)
  await localDb().hostLists.put({ key, uid, list: withoutMobiles(key, list), at: Date.now() })
  return list
}

/** Keeps a date's summary fresh on the device after an action changed it. */
export async function saveSummary(uid: string, list: GuestList): Promise<void> {
  const key = keyOf(uid, list.date.eventId, list.date.eventDate)
  await localDb().hostLists.put({ key, uid, list: withoutMobiles(key, list), at: Date.now() })
}
