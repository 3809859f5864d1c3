import type { YaariEvent } from '@yaari/domain/catalogue'
import { availableDates, formatShortDate, formatTime, weekdaysLabel } from '@yaari/domain/schedule'
import { spotsText } from '@yaari/domain/spots'
import { memo, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { grid, visuallyHidden } from 'styled-system/patterns'
import { dialog, text, tile } from 'styled-system/recipes'
import { afterNextPaint } from '../../lib/after-paint'
import { Button } from '../../ui/button'

/** A date to pick: its day, its seats and the member's own state, stacked in a tile. */
const dateTile = tile({ layout: 'stacked' }).root
/** How long the sheet drawn ahead waits for the dialog before it says it is loading. */
const SLOW_AFTER_MS = 2000
/** The date step's body: the tiles, then what goes on (Continue, or a date's waitlist). */
export const dateStepBody = grid({ gap: '5', mt: '4' })
/** The tiles: two across on a phone, three from the sm breakpoint up. */
export const dateTiles = grid({ columns: { base: 2, sm: 3 }, gap: '2' })

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

/**
 * One date's tile: a radio the browser keeps (a choice re-renders no tile). Only what it shows is
 * passed, so a change of seats re-renders that date's tile alone.
 */
export const DateTile = memo(function DateTile({
  name = 'event-date',
  date,
  initiallyChecked,
  disabled,
  seats,
  own,
  onChoose,
}: {
  /** The radio group's name (one per sheet). */
  name?: string
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
        name={name}
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

/**
 * The date dialog as it first looks, ready in the event page before any tap: the sheet, its
 * heading and the dates, each with the seats a date has before they are known. Drawn (hidden) once
 * the page is idle, so a tap on a price only shows it, in the tap's own frame, while the dialog's
 * own code (its focus trap, the seats, the member's bookings) loads and runs. A date can be chosen
 * on it already (the choice is handed to the dialog); Continue waits for the dialog ("Loading…"
 * after a moment). Focus stays in it, but the page is not made inert; its seats are said to be busy.
 * The real dialog takes its place as soon as it has rendered.
 */
export function DateSheetPreview({
  event,
  open,
  initialDate,
  onChoose,
  onClose,
}: {
  event: YaariEvent
  open: boolean
  /** The date chosen so far (a return from signing in, or a tap on this sheet): checked when drawn. */
  initialDate: string | undefined
  onChoose: (date: string) => void
  onClose: () => void
}) {
  const dates = useMemo(() => availableDates(event), [event])
  const titleId = useId()
  const descriptionId = useId()
  const legendId = useId()
  useEffect(() => {
    if (!open) return
    const onKey = (key: KeyboardEvent) => key.key === 'Escape' && !key.defaultPrevented && !key.isComposing && onClose()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, onClose])
  // Shown, it takes focus as a dialog does (its heading, read out with the sheet), a frame after it
  // is on screen, and only while it still is (the dialog may have taken its place already).
  const title = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!open) return
    afterNextPaint(() => {
      const heading = title.current
      if (
        heading?.checkVisibility?.({ visibilityProperty: true }) &&
        !heading.closest('[role=dialog]')?.contains(document.activeElement)
      )
        heading.focus()
    })
  }, [open])
  // Still waiting for the dialog a moment on (a slow or hanging connection): Continue says why it waits.
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    if (!open) return
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS)
    return () => clearTimeout(timer)
  }, [open])
  // Focus stays in the sheet while it shows, as in the dialog (without making the page inert, which
  // restyles all of it on the tap): leaving it at either end comes back in at the other.
  const close = useRef<HTMLButtonElement>(null)
  const styles = dialog()
  const seats = spotsText(undefined, event.capacity)
  // At the end of the page, as the dialog's own sheet is: over the page without moving it. Laid out
  // while hidden (made invisible, not taken out), so showing it lays nothing out again; an invisible
  // element takes no taps and is not read out.
  return createPortal(
    <div style={open ? undefined : { visibility: 'hidden' }}>
      <div className={styles.backdrop} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a tap beside the sheet closes it, as beside the dialog; Escape and ✕ are the keyboard's way. */}
      <div className={styles.positioner} onClick={(click) => click.target === click.currentTarget && onClose()}>
        <FocusGuard to={close} />
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          className={styles.content}
        >
          <h2 ref={title} id={titleId} tabIndex={-1} className={styles.title}>
            Select a date
          </h2>
          <p id={descriptionId} className={styles.description}>
            {dateDialogDescription(event)}
          </p>
          <div className={dateStepBody}>
            {/* Busy: the seats are not known yet. */}
            <fieldset aria-labelledby={legendId} aria-busy="true">
              <legend id={legendId} className={visuallyHidden()}>
                Available dates
              </legend>
              <div className={dateTiles}>
                {dates.map((date) => (
                  <DateTile
                    key={date}
                    name="event-date-preview"
                    date={date}
                    initiallyChecked={date === initialDate}
                    disabled={false}
                    seats={seats}
                    own={undefined}
                    onChoose={onChoose}
                  />
                ))}
              </div>
            </fieldset>
            <p role="status">{slow ? 'Loading…' : null}</p>
            <Button disabled>Continue</Button>
          </div>
          <Button
            ref={close}
            variant="ghost"
            size="sm"
            aria-label="Close"
            className={styles.closeTrigger}
            onClick={onClose}
          >
            <span aria-hidden="true">✕</span>
          </Button>
        </div>
        <FocusGuard to={title} />
      </div>
    </div>,
    document.body,
  )
}

/** A focus guard at one end of the sheet: Tab onto it goes on to the element at the other end. */
function FocusGuard({ to }: { to: RefObject<HTMLElement | null> }) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/noStaticElementInteractions: a focus guard (how a dialog keeps Tab inside it); it holds nothing and hands focus on.
  return <span tabIndex={0} onFocus={() => to.current?.focus()} />
}
