/** The verdict at the door, filling the screen at arm's length: admit (green) or refuse (red), with why. */
import { enumLabel } from '@yaari/domain/booking'
import type { LocalCheckIn } from '@yaari/domain/door'
import { formatIstClock } from '@yaari/domain/schedule'
import { useEffect, useRef } from 'react'
import { css, cx } from 'styled-system/css'
import { wrap } from 'styled-system/patterns'
import { button, verdict as verdictRecipe } from 'styled-system/recipes'
import type { Shown } from './use-door'

/** On the verdict's green or red: light buttons, readable at arm's length. */
const ON_VERDICT = {
  next: css({ bg: 'white', color: 'ink.900', _hover: { bg: 'ink.100' } }),
  undo: css({ color: 'white', borderColor: 'white', bg: 'transparent', _hover: { bg: 'whiteAlpha.200' } }),
}
/** A verdict stays on the screen this long (or until "Next guest"). */
const VERDICT_MS = 3_000

/** The verdict, filling the screen: admit (green) or refuse (red), with why. */
export function VerdictScreen({
  shown,
  onNext,
  onUndo,
}: {
  shown: Shown
  onNext: () => void
  onUndo: (checkIn: LocalCheckIn) => void
}) {
  const { verdict, checkIn } = shown
  const next = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    next.current?.focus()
    performance.mark('door-verdict-shown')
    const timer = setTimeout(onNext, VERDICT_MS)
    return () => clearTimeout(timer)
  }, [onNext])
  const admit = verdict.kind === 'admit'
  const styles = verdictRecipe({ kind: verdict.kind })
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="verdict-title"
      aria-describedby="verdict-detail"
      data-verdict={verdict.kind}
      className={styles.root}
    >
      <h2 id="verdict-title" className={styles.title}>
        {admit ? `Admit ${verdict.firstName}` : 'Do not admit'}
      </h2>
      <div id="verdict-detail" className={styles.detail}>
        {admit ? (
          <>
            {verdict.group !== undefined ? (
              <p>
                <strong>Group {verdict.group}</strong>
              </p>
            ) : null}
            <p>
              {[
                enumLabel(verdict.tier),
                verdict.foodPreference && enumLabel(verdict.foodPreference),
                verdict.verified && 'verified',
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <p>
              <strong>
                {verdict.inCount} of {verdict.expected} in
              </strong>
            </p>
            {verdict.unlisted ? <p>Booked after the list was saved: a real pass for tonight.</p> : null}
          </>
        ) : (
          <>
            <p>{verdict.message}</p>
            {verdict.firstName ? <p>{verdict.firstName}</p> : null}
            {verdict.earlier ? (
              <p>
                In at {formatIstClock(new Date(verdict.earlier.at))}, {verdict.earlier.door}
                {verdict.earlier.by === 'this phone' ? ' (this phone)' : ` (${verdict.earlier.by})`}
              </p>
            ) : null}
          </>
        )}
      </div>
      <div className={wrap({ gap: '3', justifyContent: 'center' })}>
        {checkIn ? (
          <button
            type="button"
            className={cx(button({ variant: 'outline', size: 'lg' }), ON_VERDICT.undo)}
            onClick={() => onUndo(checkIn)}
          >
            Undo
          </button>
        ) : null}
        <button ref={next} type="button" className={cx(button({ size: 'lg' }), ON_VERDICT.next)} onClick={onNext}>
          Next guest
        </button>
      </div>
    </div>
  )
}
