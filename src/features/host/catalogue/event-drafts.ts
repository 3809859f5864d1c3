/**
 * What a host types into the catalogue editor, kept on the device until it is saved: a reload, a
 * closed tab or a dropped connection loses nothing (as onboarding keeps a member's answers).
 */
import { localDb } from '../../../lib/db'
import { type EventForm, storedForm } from './event-form'

const keyOf = (uid: string, eventId: string) => `${uid}:${eventId}`

export async function readEventDraft(uid: string, eventId: string): Promise<EventForm | undefined> {
  const row = await localDb()
    .eventDrafts.get(keyOf(uid, eventId))
    .catch(() => undefined)
  return storedForm(row?.form)
}

export function keepEventDraft(uid: string, eventId: string, form: EventForm): Promise<void> {
  return localDb()
    .eventDrafts.put({ key: keyOf(uid, eventId), uid, form, updatedAt: Date.now() })
    .then(
      () => undefined,
      () => undefined,
    )
}

export function dropEventDraft(uid: string, eventId: string): Promise<void> {
  return localDb()
    .eventDrafts.delete(keyOf(uid, eventId))
    .catch(() => undefined)
}
