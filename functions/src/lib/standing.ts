/**
 * A member's standing (moderation/{uid}): a warning, a suspension until a day (inclusive, IST) or a
 * ban, with the reason they were told. Read where a member books or joins a waitlist.
 */
import { standingMessage } from '@yaari/domain/booking'
import { moderationPath } from '@yaari/domain/host'
import { formatLongDate, istToday } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'

export interface Standing {
  level: 'warning' | 'suspended' | 'banned'
  until?: string
  reason: string
  at: number
  /** Set by an admin: a host may not lower or replace it. */
  by_admin?: true
}

export const asStanding = (data: Record<string, unknown> | undefined) =>
  data && ['warning', 'suspended', 'banned'].includes(String(data.level)) ? (data as unknown as Standing) : undefined

async function readStanding(firestore: Firestore, uid: string): Promise<Standing | undefined> {
  return asStanding((await firestore.doc(moderationPath(uid)).get()).data())
}

/** The standing of each of these members that still holds (a suspension whose last day has passed does not). */
export async function readStandings(firestore: Firestore, uids: readonly string[], now: number) {
  const standings = new Map<string, Standing>()
  if (uids.length === 0) return standings
  const today = istToday(new Date(now))
  for (const doc of await firestore.getAll(...uids.map((uid) => firestore.doc(moderationPath(uid))))) {
    const standing = asStanding(doc.data())
    if (standing && !(standing.level === 'suspended' && (!standing.until || standing.until < today)))
      standings.set(doc.id, standing)
  }
  return standings
}

/** Why this member may not book now (suspended until a day not yet past, or banned), or undefined. */
export async function refusalFor(firestore: Firestore, uid: string, now: number): Promise<string | undefined> {
  const standing = await readStanding(firestore, uid)
  if (!standing || standing.level === 'warning') return undefined
  if (standing.level === 'suspended' && (!standing.until || standing.until < istToday(new Date(now)))) return undefined
  return standingMessage({ ...standing, until: standing.until && formatLongDate(standing.until) })
}
