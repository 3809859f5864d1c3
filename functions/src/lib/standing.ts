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
}

export async function readStanding(firestore: Firestore, uid: string): Promise<Standing | undefined> {
  const data = (await firestore.doc(moderationPath(uid)).get()).data()
  return data && ['warning', 'suspended', 'banned'].includes(data.level) ? (data as Standing) : undefined
}

/** Why this member may not book now (suspended until a day not yet past, or banned), or undefined. */
export async function refusalFor(firestore: Firestore, uid: string, now: number): Promise<string | undefined> {
  const standing = await readStanding(firestore, uid)
  if (!standing || standing.level === 'warning') return undefined
  if (standing.level === 'suspended' && (!standing.until || standing.until < istToday(new Date(now)))) return undefined
  return standingMessage({ ...standing, until: standing.until && formatLongDate(standing.until) })
}
