import type { PriceTier, YaariEvent } from '@yaari/domain/catalogue'
import { formatInr } from '@yaari/domain/money'
import { availableDates, formatLongDate, formatShortDate, formatTime, weekdaysLabel } from '@yaari/domain/schedule'
import { spotsText } from '@yaari/domain/spots'
import type { WaitlistView } from '@yaari/domain/waitlist'
import { memo, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { grid, visuallyHidden } from 'styled-system/patterns'
import { dataList, text, tile } from 'styled-system/recipes'
import { afterNextPaint } from '../../lib/after-paint'
import { useMyBookings } from '../../lib/member-data/hooks'
import { refreshMemberData } from '../../lib/member-data/refresh'
import { useAvailability } from '../../lib/use-availability'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { AlreadyBooked } from './already-booked'
import { BookingForm } from './booking-form'
import { DateWaitlist, isLiveOffer, waitlistLabel } from './waitlist'

export interface BookingDialogsProps {
  event: YaariEvent
  tier: PriceTier
  /** The date to start with (a return from signing in), if still open for booking. */
  initialDate?: string
  /** The member's profile allows another price than the one chosen: book at that one instead. */
  onTierChange: (tier: PriceTier) => void
  /** Called when the member leaves the flow; the chosen date is forgotten with it. */
  onClose: () => void
  /** Shown under the member's place right after they join a date's waitlist (another feature's ask). */
  afterWaitlistJoin?: ReactNode
}

/**
 * The signed-in member's own state on each date of this event, from what the device holds (their
 * bookings and waitlist places, refreshed behind it): 'Booked' for a confirmed seat, 'Held for
 * you' for a seat held while they pay, their place on a waitlist or the seat offered to them.
 * Empty for a visitor (and until it is known). A join or a leave is on the device at once.
 */
/** A date to pick: its day, its seats and the member's own state, stacked in a tile. */
const dateTile = tile({ layout: 'stacked' }).root
const SPACED = css({ mt: '5' })

/** The months a date may be in, as the dialog says them: the current one and the next `monthsAhead`. */
const MONTHS_OFFERED = [
  'this month',
  'this month and the next',
  'this month and the next two',
  'this month and the next three',
  'this month and the next four',
  'this month and the next five',
  'this month and the next six',
]

/** "Saturdays at 6:00 PM, this month and the next two." (what the dialog offers, said as it is). */
export function dateDialogDescription(event: YaariEvent): string {
  const when = event.schedule.weekdays.length ? `${weekdaysLabel(event, true)} at` : 'Selected dates at'
  return `${when} ${formatTime(event.startTime)}, ${MONTHS_OFFERED[event.schedule.monthsAhead] ?? 'in the coming months'}.`
}

function useMyDates(eventId: string) {
  const mine = useMyBookings()
  const data = mine.status === 'signed-in' ? mine.snapshot?.data : undefined
  const states = new Map<string, string>()
  const entries = new Map<string, WaitlistView>()
  for (const entry of data?.waitlist ?? []) if (entry.eventId === eventId) entries.set(entry.eventDate, entry)
  for (const [date, entry] of entries) states.set(date, waitlistLabel(entry))
  for (const booking of data?.bookings ?? []) {
    if (booking.eventId !== eventId) continue
    if (booking.status === 'confirmed') states.set(booking.eventDate, 'Booked')
    else if (booking.status === 'pending' && booking.holdExpiresAt && Date.parse(booking.holdExpiresAt) > Date.now()) {
      states.set(booking.eventDate, 'Held for you')
    }
  }
  return { states, entries, signedIn: mine.status !== 'signed-out' }
}

/**
 * After a price is chosen: the date dialog (the event's weekday in the current and next two
 * months, today or later in IST), then the booking dialog with the chosen date and amount.
 */
export default function BookingDialogs({
  event,
  tier,
  initialDate,
  onTierChange,
  onClose,
  afterWaitlistJoin,
}: BookingDialogsProps) {
  // Computed once: walking three months of days is work a tap need not repeat.
  const dates = useMemo(() => availableDates(event), [event])
  // The date Continue was pressed with: the booking step. Choosing a date is the date step's own
  // state, so a tap on a date re-renders the dates, not the dialog around them.
  const [date, setDate] = useState<string | undefined>()
  // The booking step shows its summary at once; the form, the heavy part, follows a frame later.
  const [formShown, setFormShown] = useState(false)
  const proceed = useCallback((chosen: string) => {
    setDate(chosen)
    afterNextPaint(() => setFormShown(true))
  }, [])

  // One dialog for both steps: Continue changes what it shows, not which dialog is open (opening
  // a second one cost a phone a whole frame's work on the tap).
  const booking = date !== undefined
  // Continue hides the step that held focus: focus goes to the new step's heading, which is read out.
  const title = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (booking) title.current?.focus()
  }, [booking])
  return (
    <Dialog
      titleRef={title}
      open
      onOpenChange={(open) => {
        if (open) return
        if (booking) setDate(undefined)
        onClose()
      }}
      title={booking ? 'Book your seat' : 'Select a date'}
      description={booking ? 'Check the details below before you continue.' : dateDialogDescription(event)}
    >
      {booking ? (
        <>
          <dl className={cx(dataList({ layout: 'summary' }).root, SPACED)}>
            <dt>Event</dt>
            <dd>{event.title}</dd>
            <dt>Date</dt>
            <dd>
              {formatLongDate(date)}, {formatTime(event.startTime)}
            </dd>
            <dt>Event ID</dt>
            <dd>{event.id}</dd>
            <dt>Amount</dt>
            <dd>{formatInr(event.prices[tier])}</dd>
          </dl>
          {formShown ? <BookingForm event={event} tier={tier} date={date} onTierChange={onTierChange} /> : null}
        </>
      ) : null}
      <DateStep
        event={event}
        tier={tier}
        dates={dates}
        initialDate={initialDate}
        hidden={booking}
        onContinue={proceed}
        afterWaitlistJoin={afterWaitlistJoin}
      />
    </Dialog>
  )
}

/** The date step: a tile for each date, then Continue (or the date's waitlist when it is full). */
const DateStep = memo(function DateStep({
  event,
  tier,
  dates,
  initialDate,
  hidden,
  onContinue,
  afterWaitlistJoin,
}: {
  event: YaariEvent
  tier: PriceTier
  dates: string[]
  initialDate: string | undefined
  /** Hidden, not removed, once the date is chosen: Continue then only adds. */
  hidden: boolean
  onContinue: (date: string) => void
  afterWaitlistJoin: ReactNode
}) {
  const [initialChoice] = useState(() => (initialDate && dates.includes(initialDate) ? initialDate : undefined))
  const [date, setDate] = useState(initialChoice)
  // The browser marks the chosen tile itself (the radios are its own): a choice re-renders this
  // step's Continue or waitlist, not the tiles. At once, so a Continue right after it (a quick tap,
  // Space then Enter) goes on with that date.
  const availability = useAvailability(event.id)
  const mine = useMyDates(event.id)
  const legendId = useId()
  const booked = date !== undefined && mine.states.get(date) === 'Booked'
  const chosen = date && availability.status === 'ready' ? availability.byDate.get(date) : undefined
  const chosenEntry = date ? mine.entries.get(date) : undefined
  // A sold-out date is open to the member holding or offered a seat on it; anyone else may wait.
  const waitInstead =
    date !== undefined &&
    chosen?.spotsLeft === 0 &&
    !chosen.cancelled &&
    !chosen.salesClosed &&
    !isLiveOffer(chosenEntry) &&
    mine.states.get(date) !== 'Held for you'
  return (
    <div hidden={hidden} className={grid({ gap: '5', mt: '4' })}>
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className={visuallyHidden()}>
          Available dates
        </legend>
        <div className={grid({ columns: { base: 2, sm: 3 }, gap: '2' })}>
          {dates.map((option) => {
            const seats = availability.status === 'ready' ? availability.byDate.get(option) : undefined
            const cancelled = seats?.cancelled === true
            const closed = seats?.salesClosed === true && !isLiveOffer(mine.entries.get(option))
            const seatsLine = cancelled
              ? 'Cancelled'
              : closed
                ? 'Bookings closed'
                : `${spotsText(seats?.spotsLeft, seats?.capacity ?? event.capacity)}${seats?.waiting ? ` · ${seats.waiting} waiting` : ''}`
            return (
              <DateTile
                key={option}
                date={option}
                initiallyChecked={option === initialChoice}
                disabled={cancelled || closed}
                seats={seatsLine}
                own={mine.states.get(option)}
                onChoose={setDate}
              />
            )
          })}
        </div>
      </fieldset>
      {/* One seat a date: said at the date, not after the whole form (a live region kept in
          the page, so the words are announced when they come). */}
      <p role="status">{booked ? <AlreadyBooked /> : null}</p>
      {booked ? null : waitInstead && date ? (
        <DateWaitlist
          event={event}
          tier={tier}
          date={date}
          waiting={chosen?.waiting ?? 0}
          entry={chosenEntry}
          signedIn={mine.signedIn}
          onChanged={() => void refreshMemberData('bookings')}
          afterJoin={afterWaitlistJoin}
        />
      ) : (
        <Button disabled={!date} onClick={() => date && onContinue(date)}>
          Continue
        </Button>
      )}
    </div>
  )
})

/**
 * One date's tile: a radio the browser keeps (a choice re-renders no tile). Only what it shows is
 * passed, so a change of seats re-renders that date's tile alone.
 */
const DateTile = memo(function DateTile({
  date,
  initiallyChecked,
  disabled,
  seats,
  own,
  onChoose,
}: {
  date: string
  initiallyChecked: boolean
  disabled: boolean
  seats: string
  own: string | undefined
  onChoose: (date: string) => void
}) {
  return (
    <label className={dateTile}>
      <input
        type="radio"
        name="event-date"
        value={date}
        defaultChecked={initiallyChecked}
        disabled={disabled}
        onChange={() => onChoose(date)}
        className={visuallyHidden()}
      />
      <span className={text({ weight: 'semibold' })}>{formatShortDate(date)}</span>
      <span className={text({ tone: 'muted', size: 'sm' })}>{seats}</span>
      {own ? <span className={text({ tone: 'accent', size: 'sm', weight: 'semibold' })}>{own}</span> : null}
    </label>
  )
})
