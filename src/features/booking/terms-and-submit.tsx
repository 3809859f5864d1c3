import { Link } from '@tanstack/react-router'
import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { useState } from 'react'
import { cx } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'
import { checkbox, link, text } from 'styled-system/recipes'
import { afterNextPaint } from '../../lib/after-paint'
import { Button } from '../../ui/button'
import { Tick } from '../../ui/checkbox'
import { AlreadyBooked } from './already-booked'

/** The terms box, ticked before paying. */
const termsBox = checkbox()

/**
 * The terms checkbox, the link to them, the form's error and the submit button (disabled until
 * the terms are accepted). Its own component: ticking the box re-renders this, not the whole form.
 */
export function TermsAndSubmit({
  accepted,
  busy,
  error,
}: {
  accepted: { current: boolean }
  busy: boolean
  error: string | undefined
}) {
  const [terms, setTerms] = useState(accepted.current)
  return (
    <>
      <label className={termsBox.root}>
        <input
          type="checkbox"
          defaultChecked={accepted.current}
          onChange={(event) => {
            accepted.current = event.target.checked
            // The browser paints the tick with the tap; the button follows after that paint.
            afterNextPaint(() => setTerms(accepted.current))
          }}
          className={visuallyHidden()}
        />
        <Tick />
        <span className={termsBox.label}>I accept the terms and conditions</span>
      </label>
      <Link to="/terms" target="_blank" className={cx(link(), text({ size: 'sm' }))}>
        Read the terms and conditions (opens in a new tab)
      </Link>
      {error ? (
        <p role="alert" className={text({ tone: 'error' })}>
          {error === BOOKING_MESSAGES.alreadyBooked ? <AlreadyBooked /> : error}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={!terms} loading={busy} loadingText={BOOKING_MESSAGES.processing}>
        Pay and book
      </Button>
      {terms ? null : (
        <p className={text({ size: 'sm', tone: 'muted', align: 'center' })}>{BOOKING_MESSAGES.termsRequired}</p>
      )}
    </>
  )
}
