/**
 * The rules of the evening after, pure: when it opens (the morning after a date, 10:00 IST) and
 * closes (a week later), when two picks make a connection (both picked each other, neither blocked
 * the other), and whom a member sees (everyone else who came, less anyone blocked either way). The
 * requests, the answers and the words about it are after-night.ts.
 */
import { eventStartInstant } from './schedule'

/** The morning after: the job asks at this time (IST), the day after the date. */
export const MORNING_AFTER_AT = '10:00'
/** How long after that morning feedback, picks and reports stay open. */
export const AFTER_WINDOW_DAYS = 7

const DAY_MS = 86_400_000

/** The day after an ISO date (YYYY-MM-DD). */
export function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
}

/** When the morning-after asks (ms): 10:00 IST the day after the date. */
export const morningAfter = (date: string) => eventStartInstant(dayAfter(date), MORNING_AFTER_AT).getTime()
/** When the window closes (ms): seven days after the morning after. */
export const windowCloses = (date: string) => morningAfter(date) + AFTER_WINDOW_DAYS * DAY_MS

/** A date's evening as the record of the morning after holds it. */
export interface NightState {
  eventDate: string
  /** The morning-after job has asked its guests. */
  opened: boolean
  /** The job has closed it (its picks deleted). */
  closed: boolean
}

/** Whether feedback, picks and reports are taken now: asked, not closed, and before the window's end. */
export function isOpen(night: NightState, now: number): boolean {
  return night.opened && !night.closed && now < windowCloses(night.eventDate)
}

/** The id of a date's evening: nights/{eventId}_{date}. */
export const nightId = (eventId: string, date: string) => `${eventId}_${date}`

/** A pair of members in one order, whoever is first: a connection's and a block pair's id. */
export const pairId = (a: string, b: string) => (a < b ? `${a}_${b}` : `${b}_${a}`)

/** Who blocked whom: each pair as `from` blocked `to`. */
export type Blocks = ReadonlyArray<{ from: string; to: string }>

/** Whether either of two members blocked the other. */
export const blockedBetween = (blocks: Blocks, a: string, b: string) =>
  blocks.some((block) => (block.from === a && block.to === b) || (block.from === b && block.to === a))

/**
 * The mutual-match rule: `from` picking `to` makes a connection when `to` has picked `from`, neither
 * blocked the other, and they are two people.
 */
export function makesConnection(
  from: string,
  to: string,
  picks: ReadonlyArray<{ from: string; to: string }>,
  blocks: Blocks,
): boolean {
  if (from === to || blockedBetween(blocks, from, to)) return false
  const picked = (a: string, b: string) => picks.some((pick) => pick.from === a && pick.to === b)
  return picked(from, to) && picked(to, from)
}

/** The guests a member sees after an evening: everyone else who came, less anyone blocked either way. */
export function guestsSeenBy<G extends { uid: string }>(me: string, guests: readonly G[], blocks: Blocks): G[] {
  return guests.filter((guest) => guest.uid !== me && !blockedBetween(blocks, me, guest.uid))
}
