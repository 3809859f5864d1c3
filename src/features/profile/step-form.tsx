import { type ReactNode, useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { Button } from '../../ui/button'

export interface StepFormProps {
  title: string
  description?: ReactNode
  /** Called on submit; the step validates and moves on. */
  onContinue: () => void | Promise<void>
  submitLabel?: string
  busy?: boolean
  busyLabel?: string
  children: ReactNode
  /** Shown under the submit button (e.g. a skip link). */
  footer?: ReactNode
}

/** Steps drawn in this page so far: the first comes with the page, each later one replaces another. */
let stepsShown = 0

/**
 * One onboarding step: a heading, its fields and a full-width Continue button. A step that replaces
 * the one before takes focus to its heading, so a screen reader says where the member now is (the
 * Continue they pressed is gone); the page's first step leaves focus where the page puts it.
 */
export function StepForm({
  title,
  description,
  onContinue,
  submitLabel = 'Continue',
  busy,
  busyLabel,
  children,
  footer,
}: StepFormProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    stepsShown += 1
    const lost = document.activeElement === null || document.activeElement === document.body
    if (stepsShown > 1 && lost) heading.current?.focus()
  }, [])
  return (
    <form
      noValidate
      aria-labelledby="step-title"
      onSubmit={(event) => {
        event.preventDefault()
        void onContinue()
      }}
      className={grid({ gap: '6' })}
    >
      <div>
        <h1
          id="step-title"
          ref={heading}
          tabIndex={-1}
          className={css({
            fontSize: { base: '2xl', md: '3xl' },
            fontWeight: 'extrabold',
            _focus: { outline: 'none' },
          })}
        >
          {title}
        </h1>
        {description ? <p className={css({ mt: '2', color: 'fg.muted' })}>{description}</p> : null}
      </div>
      {children}
      <Button type="submit" size="lg" loading={busy} loadingText={busyLabel} className={css({ w: 'full' })}>
        {submitLabel}
      </Button>
      {footer}
    </form>
  )
}

/** A validation message for a group of cards, announced when it appears. */
export function GroupError({ message }: { message?: string }) {
  if (!message) return null
  return (
    <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })}>
      {message}
    </p>
  )
}
