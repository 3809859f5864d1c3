/**
 * A member's group on their ticket and booking card: when it is revealed, and once it is, the
 * group's number, the others' first names and the interests they share. It is part of the booking
 * the device keeps, so it opens offline with the rest of the ticket.
 */
import type { BookingView, TableView } from '@yaari/domain/booking'
import { INTEREST_LABELS } from '@yaari/domain/profile'
import { formatIstClock, formatShortDate, istToday } from '@yaari/domain/schedule'
import { text } from 'styled-system/recipes'

/** "Asha, Rahul and Meera" */
const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`

/** "6:00 PM", or "6:00 PM on Tue, 1 Dec" when the reveal is not on the event's day. */
function revealTime(revealAt: string, eventDate: string) {
  const at = new Date(revealAt)
  const day = istToday(at)
  return day === eventDate ? formatIstClock(at) : `${formatIstClock(at)} on ${formatShortDate(day)}`
}

/** The "Your group" row of a booking's data list, on a confirmed booking that carries its group. */
export function YourGroupRow({ booking }: { booking: BookingView }) {
  if (booking.status !== 'confirmed' || !booking.table) return null
  return (
    <>
      <dt>Your group</dt>
      <dd>
        <YourGroup table={booking.table} eventDate={booking.eventDate} />
      </dd>
    </>
  )
}

function YourGroup({ table, eventDate, now = Date.now() }: { table: TableView; eventDate: string; now?: number }) {
  const time = revealTime(table.revealAt, eventDate)
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
