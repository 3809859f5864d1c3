/**
 * What this device holds for the member it knows, read by a route's loader before its page
 * renders, so a page opens on it at once with no network (a host's saved guest list, an evening's
 * feedback typed and not sent). It carries whose it is: a page uses it only when that member is the
 * one signed in.
 */
import { knownMember } from './session/member-hint'

/**
 * `value` is undefined when the device holds nothing or could not be read (the page reads live).
 * Exported because the routes' generated types name it.
 * @public
 */
export interface Held<T> {
  uid: string
  value: T | undefined
}

/** Reads what the device holds for the member it knows; nothing when it knows no one. */
export async function held<T>(read: (uid: string) => Promise<T | undefined>): Promise<Held<T> | undefined> {
  const uid = knownMember()?.uid
  return uid ? { uid, value: await read(uid).catch(() => undefined) } : undefined
}

/** What a page starts from: the held copy when it is this member's, else nothing yet (read live). */
export function heldFor<T>(saved: Held<T> | undefined, uid: string): T | undefined {
  return saved?.uid === uid ? saved.value : undefined
}
