/**
 * The editor's daily limits per account (new events, cover uploads, publishes): a limit of N is N
 * documents created once each, so two calls at once never both take the last one. The team's
 * commands and an admin's publishes have none.
 */
import { CATALOGUE_MESSAGES, PUBLISHES_PER_DAY } from '@yaari/domain/catalogue-records'
import type { Roles } from '@yaari/domain/host'
import { istToday } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { claimEditorSlot, type EditorSlot, type EditorSlotKind } from '../../lib/data/editor-slots'
import type { Actor } from '../audit'

/**
 * One of the account's slots of `kind` for today (IST), or `resource-exhausted`: a limit of N is N
 * documents created once each (decision 0020). The team's commands have none.
 */
export async function claimDailySlot(
  firestore: Firestore,
  actor: Actor,
  kind: EditorSlotKind,
  limit: number,
  message: string,
  now: number,
): Promise<EditorSlot | undefined> {
  if (!('uid' in actor)) return undefined
  const slot = await claimEditorSlot(firestore, { uid: actor.uid, kind, day: istToday(new Date(now)), limit }, now)
  if (!slot) throw new HttpsError('resource-exhausted', message)
  return slot
}

/**
 * A host's publish or archive, counted against the day's PUBLISHES_PER_DAY only when it changes
 * the catalogue: one refused (a save since, a booked date, the snapshot full, a lost race) gives its
 * slot back. An admin's are not counted.
 */
export async function countedPublish<T>(
  firestore: Firestore,
  { actor, roles }: { actor: Actor; roles: Roles },
  now: number,
  run: () => Promise<T>,
) {
  const slot = roles.admin
    ? undefined
    : await claimDailySlot(firestore, actor, 'publish', PUBLISHES_PER_DAY, CATALOGUE_MESSAGES.tooManyPublishes, now)
  try {
    return await run()
  } catch (error) {
    await slot?.release().catch(() => undefined)
    throw error
  }
}
