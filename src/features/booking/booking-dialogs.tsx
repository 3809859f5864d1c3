import type { PriceTier, YaariEvent } from '@yaari/domain/catalogue'
import { formatInr } from '@yaari/domain/money'
import { availableDates, formatLongDate, formatTime } from '@yaari/domain/schedule'
import { spotsText } from '@yaari/domain/spots'
import type { WaitlistView } from '@yaari/domain/waitlist'
import { memo, type ReactNode, type RefObject, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'
import { dataList } from 'styled-system/recipes'
import { type StoreApi, useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { afterNextPaint } from '../../lib/after-paint'
import { useMyBookings } from '../../lib/member-data/hooks'
import { refreshMemberData } from '../../lib/member-data/refresh'
import { useAvailability } from '../../lib/use-availability'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { AlreadyBooked } from './already-booked'
import { BookingForm } from './booking-form'
import { DateTile, dateDialogDescription, dateStepBody, dateTiles } from './date-sheet'
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

const SPACED = css({ mt: '5' })

/**
 * The signed-in member's own state on each date of this event, from what the device holds (their
 * bookings and waitlist places, refreshed behind it): 'Booked' for a confirmed seat, 'Held for
 * you' for a seat held while they pay, their place on a waitlist or the seat offered to them.
 * Empty for a visitor (and until it is known). A join or a leave is on the device at once.
 */
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
  // Which step shows, in a store of this dialog's own: Continue re-renders what the step changes
  // (the heading, the description, the two steps), not the dialog around them (the dialog's parts
  // re-rendered were half a phone's work on that tap). Choosing a date is the date step's own state.
  const [step] = useState(() => createStore<StepState>(() => ({ date: undefined, formShown: false })))
  const proceed = useCallback(
    (chosen: string) => {
      step.setState({ date: chosen })
      // The booking step shows its summary at once; the form, the heavy part, follows a frame later.
      afterNextPaint(() => step.setState({ formShown: true }))
    },
    [step],
  )
  const title = useRef<HTMLHeadingElement>(null)
  // One dialog for both steps: Continue changes what it shows, not which dialog is open (opening
  // a second one cost a phone a whole frame's work on the tap).
  return (
    <Dialog
      titleRef={title}
      open
      onOpenChange={(open) => {
        if (open) return
        step.setState({ date: undefined, formShown: false })
        onClose()
      }}
      title={<StepText step={step} booking="Book your seat" choosing="Select a date" />}
      description={
        <StepText
          step={step}
          booking="Check the details below before you continue."
          choosing={dateDialogDescription(event)}
        />
      }
    >
      <BookingStep step={step} event={event} tier={tier} onTierChange={onTierChange} title={title} />
      <DateStep
        event={event}
        tier={tier}
        dates={dates}
        initialDate={initialDate}
        step={step}
        onContinue={proceed}
        afterWaitlistJoin={afterWaitlistJoin}
      />
    </Dialog>
  )
}

/** The dialog's step: the date Continue was pressed with (the booking step), and whether its form shows. */
interface StepState {
  date: string | undefined
  formShown: boolean
}

/** Words that depend on the step (the heading, the description). */
function StepText({ step, booking, choosing }: { step: StoreApi<StepState>; booking: string; choosing: string }) {
  return useStore(step, (state) => state.date !== undefined) ? booking : choosing
}

/** The booking step: what is booked, then the form a frame later. */
function BookingStep({
  step,
  event,
  tier,
  onTierChange,
  title,
}: {
  step: StoreApi<StepState>
  event: YaariEvent
  tier: PriceTier
  onTierChange: (tier: PriceTier) => void
  title: RefObject<HTMLHeadingElement | null>
}) {
  const date = useStore(step, (state) => state.date)
  const formShown = useStore(step, (state) => state.formShown)
  // Continue hides the step that held focus: focus goes to the new step's heading, which is read out.
  const booking = date !== undefined
  useEffect(() => {
    if (booking) title.current?.focus()
  }, [booking, title])
  if (!booking) return null
  return (
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
  )
}

/** The date step: a tile for each date, then Continue (or the date's waitlist when it is full). */
const DateStep = memo(function DateStep({
  event,
  tier,
  dates,
  initialDate,
  step,
  onContinue,
  afterWaitlistJoin,
}: {
  event: YaariEvent
  tier: PriceTier
  dates: string[]
  initialDate: string | undefined
  /** The dialog's step: this one is hidden, not removed, in the booking step (Continue then only adds). */
  step: StoreApi<StepState>
  onContinue: (date: string) => void
  afterWaitlistJoin: ReactNode
}) {
  const hidden = useStore(step, (state) => state.date !== undefined)
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
  // A date chosen before its seats were known (on the sheet drawn ahead, or before signing in) that
  // turns out cancelled or closed is shown disabled, and goes no further.
  const unavailable =
    chosen !== undefined && (chosen.cancelled === true || (chosen.salesClosed === true && !isLiveOffer(chosenEntry)))
  // A sold-out date is open to the member holding or offered a seat on it; anyone else may wait.
  const waitInstead =
    date !== undefined &&
    chosen?.spotsLeft === 0 &&
    !chosen.cancelled &&
    !chosen.salesClosed &&
    !isLiveOffer(chosenEntry) &&
    mine.states.get(date) !== 'Held for you'
  return (
    <div hidden={hidden} className={dateStepBody}>
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className={visuallyHidden()}>
          Available dates
        </legend>
        <div className={dateTiles}>
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
        <Button disabled={!date || unavailable} onClick={() => date && !unavailable && onContinue(date)}>
          Continue
        </Button>
      )}
    </div>
  )
})
