/** What the door shows below the scanner: check-ins not recorded, double entries, and this phone's last checks. */
import {
  type Admission,
  type CheckInMethod,
  type DoorGuest,
  type LocalCheckIn,
  UNDO_WINDOW_MS,
} from '@yaari/domain/door'
import { formatIstClock } from '@yaari/domain/schedule'
import { useEffect, useState } from 'react'
import { flow, grid, wrap } from 'styled-system/patterns'
import { button, card, heading, text } from 'styled-system/recipes'
import type { LogEntry } from './door-log'
import type { SavedDoor } from './door-store'

const METHOD_WORDS: Record<CheckInMethod, string> = { qr: 'pass', code: 'by code', name: 'by name' }

/** Check-ins the server will never take (outside the night, an undo too late): shown with why, never retried. */
export function SetAside({ door }: { door: SavedDoor }) {
  if (door.setAside.length === 0) return null
  const nameOf = (orderId: string) => door.list.guests.find((guest) => guest.orderId === orderId)?.name ?? orderId
  return (
    <section aria-labelledby="set-aside" className={card({ variant: 'outline', size: 'compact' }).root}>
      <h2 id="set-aside" className={heading({ level: 'card' })}>
        Not recorded by Yaari ({door.setAside.length})
      </h2>
      <ul className={grid({ gap: '2' })}>
        {door.setAside.map(({ op, reason }) => (
          <li key={op.id}>
            <span className={text({ weight: 'semibold' })}>
              {op.kind === 'undo' ? 'Undo for ' : ''}
              {nameOf(op.orderId)}
            </span>{' '}
            ({formatIstClock(new Date(op.at))}): {reason}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Guests checked in at two doors: shown, never merged away, for the hosts to look at. */
export function Doubles({ admissions, guests }: { admissions: Admission[]; guests: DoorGuest[] }) {
  const doubles = admissions.filter((admission) => admission.doubles.length > 0)
  if (doubles.length === 0) return null
  const nameOf = (orderId: string) => guests.find((guest) => guest.orderId === orderId)?.name ?? orderId
  const when = (mark: { at: string; door: string; by: string }) =>
    `${formatIstClock(new Date(mark.at))} at ${mark.door} (${mark.by})`
  return (
    <section aria-labelledby="doubles" className={card({ variant: 'outline', size: 'compact' }).root}>
      <h2 id="doubles" className={heading({ level: 'card' })}>
        Double entries ({doubles.length})
      </h2>
      <ul className={grid({ gap: '2' })}>
        {doubles.map((admission) => (
          <li key={admission.orderId}>
            <span className={text({ weight: 'semibold' })}>{nameOf(admission.orderId)}</span>
            {`: first ${when(admission)}; again ${admission.doubles.map(when).join('; again ')}`}
          </li>
        ))}
      </ul>
    </section>
  )
}

export function RecentLog({
  log,
  nameOf,
  undone,
  onUndo,
}: {
  log: LogEntry[]
  /** A check-in's guest, by their booking. */
  nameOf: (checkIn: LocalCheckIn) => string
  undone: Set<string | undefined>
  onUndo: (checkIn: LocalCheckIn) => void
}) {
  const [, setTick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 5_000)
    return () => clearInterval(timer)
  }, [])
  if (log.length === 0) return null
  return (
    <section aria-labelledby="recent" className={flow({ gap: '2' })}>
      <h2 id="recent" className={heading({ level: 'card' })}>
        This phone’s last checks
      </h2>
      <ul aria-label="Last checks" className={grid({ gap: '1' })}>
        {log.map((entry) => (
          <li
            key={'checkIn' in entry ? entry.checkIn.id : `refused-${entry.at}`}
            className={wrap({ gap: '2', alignItems: 'center' })}
          >
            <span>
              {formatIstClock(new Date(entry.at))}{' '}
              {'checkIn' in entry
                ? `Admitted ${nameOf(entry.checkIn)} (${METHOD_WORDS[entry.checkIn.method]})`
                : `Refused: ${entry.refused}`}
            </span>
            {'refused' in entry ? null : undone.has(entry.checkIn.id) ? (
              <span className={text({ size: 'sm', tone: 'muted' })}>(undone)</span>
            ) : Date.now() - entry.checkIn.at < UNDO_WINDOW_MS ? (
              <button
                type="button"
                className={button({ variant: 'ghost', size: 'sm' })}
                onClick={() => onUndo(entry.checkIn)}
              >
                Undo
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
