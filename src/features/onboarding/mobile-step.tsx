import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import { css } from 'styled-system/css'
import { formatMobile, MESSAGES, mobileDigits, mobileSchema } from '../../domain/profile'
import { firstIssue } from '../../domain/validation'
import { usePageMeta } from '../../lib/page-meta'
import { TextField } from '../../ui/field'
import { StepForm } from './step-form'
import { useStep } from './use-step'

/** Step 1: the mobile number, shown as two groups of five and stored as 10 digits. */
export function MobileStep() {
  usePageMeta({ title: 'Your mobile number', description: 'Step 1 of your Yaari profile.' })
  const { draft, change, showErrors, revealErrors, continueTo } = useStep(1)
  const input = useRef<HTMLInputElement>(null)
  const mobile = draft.mobile ?? ''
  const issue = firstIssue(mobileSchema, mobile)

  return (
    <StepForm
      title="What’s your mobile number?"
      description="Your event coordinator uses it to reach you on the day."
      onContinue={async () => {
        revealErrors()
        if (issue) return input.current?.focus()
        await continueTo('/onboarding/name')
      }}
      footer={
        <p className={css({ textAlign: 'center', fontSize: 'sm', color: 'fg.muted' })}>
          Prefer one page?{' '}
          <Link to="/onboarding/profile" className={css({ color: 'accent.text', textDecoration: 'underline' })}>
            Fill in your whole profile at once
          </Link>
        </p>
      }
    >
      <TextField
        ref={input}
        label="Mobile number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        required
        value={formatMobile(mobile)}
        onChange={(event) => change({ mobile: mobileDigits(event.target.value) })}
        onBlur={() => mobile && revealErrors()}
        hint="10 digits; we add +91"
        error={showErrors ? issue : undefined}
        success={issue ? undefined : MESSAGES.mobileValid}
      />
    </StepForm>
  )
}
