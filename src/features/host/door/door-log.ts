/**
 * This phone's last checks at the door: its check-ins as the device holds them (a reload keeps
 * them, with their undo), and the refusals made since the page opened (they are no check-ins, so
 * only the page holds them).
 */
import type { LocalCheckIn } from '@yaari/domain/door'

/** How many of this phone's last checks the door lists. */
export const LOG_SIZE = 20

/** A refusal as the log keeps it. */
export interface Refusal {
  at: number
  message: string
}

/** One line of this phone's last checks: a check-in it made (from the device), or a refusal (this session's). */
export type LogEntry = { at: number; checkIn: LocalCheckIn } | { at: number; refused: string }

/**
 * This phone's last checks, newest first: its check-ins as the device holds them (so a reload
 * keeps them, with their undo), and the refusals made since the page opened.
 */
export function recentChecks(local: readonly LocalCheckIn[], refusals: readonly Refusal[]): LogEntry[] {
  const admitted = local.filter((op) => op.kind === 'in').map((checkIn) => ({ at: checkIn.at, checkIn }))
  const refused = refusals.map(({ at, message }) => ({ at, refused: message }))
  return [...admitted, ...refused].sort((a, b) => b.at - a.at).slice(0, LOG_SIZE)
}
