/**
 * A date's guest list: loaded from getGuestList, kept on the host's device (the last one loaded
 * per date), and read from there first, so the door opens it with no signal.
 */
import type { GuestList } from '@yaari/domain/host'
import { useLiveQuery } from 'dexie-react-hooks'
import { localDb } from '../../lib/db'

const keyOf = (uid: string, eventId: string, date: string) => `${uid}/${eventId}_${date}`

/** The last guest list this host loaded for the date, as the device holds it (undefined while reading). */
export function useSavedGuestList(uid: string, eventId: string, date: string): GuestList | null | undefined {
  return useLiveQuery(
    async () => ((await localDb().hostLists.get(keyOf(uid, eventId, date)))?.list as GuestList | undefined) ?? null,
    [uid, eventId, date],
  )
}

/** Loads the guest list from the server and keeps it on the device. */
export async function loadGuestList(uid: string, eventId: string, date: string): Promise<GuestList> {
  const [{ callFunction }, { getGuestListCall }] = await Promise.all([
    import('../../lib/firebase'),
    import('@yaari/domain/host'),
  ])
  const list = await callFunction(getGuestListCall, { eventId, eventDate: date } as never, { timeoutMs: 20_000 })
  await localDb().hostLists.put({ key: keyOf(uid, eventId, date), uid, list, at: Date.now() })
  return list
}

/** Keeps a date's summary fresh on the device after an action changed it. */
export async function saveSummary(uid: string, list: GuestList): Promise<void> {
  await localDb().hostLists.put({ key: keyOf(uid, list.date.eventId, list.date.eventDate), uid, list, at: Date.now() })
}
