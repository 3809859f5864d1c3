/** Checking a guest in by name, or by the short code under their QR read out at the door. */
import { enumLabel } from '@yaari/domain/booking'
import type { CheckInMethod, DoorGuest } from '@yaari/domain/door'
import { findGuests } from '@yaari/domain/door-verdict'
import { normalizePassCode } from '@yaari/domain/pass-code'
import { formatIstClock } from '@yaari/domain/schedule'
import { useMemo, useState } from 'react'
import { flow } from 'styled-system/patterns'
import { button, card, chip, text, toolbar } from 'styled-system/recipes'
import { SearchList } from '../search-list'
import type { SavedDoor } from './door-store'

export function ByName({
  door,
  marks,
  onAdmit,
}: {
  door: SavedDoor
  marks: Map<string, { at: string; door: string }>
  onAdmit: (guest: DoorGuest, method: CheckInMethod) => void
}) {
  const [query, setQuery] = useState('')
  const found = useMemo(() => findGuests(door.list, query), [door.list, query])
  /** Found by the short code under the QR (read out by the guest), or by name. */
  const methodFor = (guest: DoorGuest): CheckInMethod => {
    const code = normalizePassCode(query.trim().toLowerCase()).replace('-', '')
    return code.length >= 3 && guest.code.replace('-', '').startsWith(code) ? 'code' : 'name'
  }
  return (
    <div className={flow({ gap: '3' })}>
      <SearchList
        label="Name or short code"
        hint="The code under the guest’s QR, e.g. 7KX-M2Q"
        query={query}
        onQuery={setQuery}
        listLabel="Guests at the door"
      >
        {found.map((guest) => {
          const mark = marks.get(guest.orderId)
          return (
            <li key={guest.orderId} className={card({ variant: 'outline', size: 'compact' }).root}>
              <div className={toolbar().root}>
                <span>
                  <span className={text({ weight: 'semibold' })}>{guest.name}</span>{' '}
                  <span className={text({ size: 'sm', tone: 'muted' })}>
                    {guest.code} · {enumLabel(guest.tier)}
                    {guest.foodPreference ? ` · ${enumLabel(guest.foodPreference)}` : ''}
                    {guest.group !== undefined ? ` · Group ${guest.group}` : ''}
                    {guest.verified ? ' · verified' : ''}
                  </span>
                </span>
                {guest.state !== 'paid' ? (
                  <span className={chip({ variant: 'muted' }).root}>
                    {guest.state === 'cancelled' ? 'Cancelled' : 'Refunded'}
                  </span>
                ) : mark ? (
                  <span className={chip({ variant: 'subtle' }).root}>
                    In {formatIstClock(new Date(mark.at))}, {mark.door}
                  </span>
                ) : (
                  <button
                    type="button"
                    className={button({ size: 'sm' })}
                    onClick={() => onAdmit(guest, methodFor(guest))}
                    aria-label={`Admit ${guest.name}`}
                  >
                    Admit
                  </button>
                )}
              </div>
            </li>
          )
        })}
      </SearchList>
      {found.length === 0 ? <p>No guest matches that name or code.</p> : null}
    </div>
  )
}
