/**
 * A member's group on their ticket and booking card: when it is revealed, and once it is, the
 * group's number, the others' first names and the interests they share. It is part of the booking
 * the device keeps, so it opens offline with the rest of the ticket.
 */
import type { BookingView, YourGroupView } from '@yaari/domain/booking'
import { INTEREST_LABELS } from '@yaari/domain/profile-choices'
import { formatIstClockOnDay } from '@yaari/domain/schedule'
import { cx } from 'styled-system/css'
import { card, heading, text } from 'styled-system/recipes'

/** "Asha, Rahul and Meera" */
const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`

/**
 * The "Your group" row of a booking's data list, on a confirmed booking that carries its group;
 * `untilRevealed`: only while it says when (the ticket shows a revealed group at its top).
 */
export function YourGroupRow({ booking, untilRevealed = false }: { booking: BookingView; untilRevealed?: boolean }) {
  if (booking.status !== 'confirmed' || !booking.table) return null
  if (untilRevealed && booking.table.number !== undefined) return null
  return (
    <>
      <dt>Your group</dt>
      <dd>
        <YourGroup table={booking.table} />
      </dd>
    </>
  )
}

/** A revealed group at the top of the ticket, above the pass: the first thing a guest arriving looks for. */
export function RevealedGroup({ booking }: { booking: BookingView }) {
  if (booking.status !== 'confirmed' || booking.table?.number === undefined) return null
  const styles = card({ variant: 'outline', size: 'compact' })
  return (
    <section aria-labelledby="your-group" className={cx(styles.root, styles.body)}>
      <h3 id="your-group" className={heading({ level: 'card' })}>
        Your group
      </h3>
      <div>
        <YourGroup table={booking.table} />
      </div>
    </section>
  )
}

function YourGroup({ table, now = Date.now() }: { table: YourGroupView; now?: number }) {
  const time = formatIstClockOnDay(new Date(table.revealAt))
  if (table.number === undefined) {
    // Whether the reveal has come is the server's to say: this phone's clock only picks the words.
    return Date.parse(table.revealAt) > now ? (
      <>Your group is revealed at {time}</>
    ) : (
      <>
        Your group is revealed at {time}: it shows here once your host has published the groups and this page has
        reached Yaari.
      </>
    )
  }
  const shared = table.shared.map((id) => INTEREST_LABELS[id])
  return (
    <>
      <strong>Group {table.number}</strong>
      <br />
      {table.others.length > 0 ? `With ${listed(table.others)}` : 'Your host will introduce you at the table.'}
      {shared.length > 0 ? <p className={text({ tone: 'muted', size: 'sm' })}>You share {listed(shared)}</p> : null}
    </>
  )
}
