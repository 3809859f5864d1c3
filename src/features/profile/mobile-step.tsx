import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { usePageMeta } from '../../lib/page-meta'
import { MobileField, mobileIssue } from '../../ui/mobile-field'
import { StepForm } from './step-form'
import { useFlowStep } from './use-step'

/** Step 1: the mobile number, shown as two groups of five and stored as 10 digits. */
export function MobileStep() {
  usePageMeta({ title: 'Your mobile number', description: 'Step 1 of your Yaari profile.' })
  const { draft, change, showErrors, revealErrors, continueToNext } = useFlowStep('/onboarding/mobile')
  const input = useRef<HTMLInputElement>(null)
  const mobile = draft.mobile ?? ''
  const issue = mobileIssue(mobile)

  return (
    <StepForm
      title="What’s your mobile number?"
      description="Your event coordinator uses it to reach you on the day."
      onContinue={async () => {
        revealErrors()
        if (issue) return input.current?.focus()
        await continueToNext()
      }}
      footer={
        <p className={css({ textAlign: 'center', fontSize: 'sm', color: 'fg.muted' })}>
          Prefer one page?{' '}
          <Link to="/onboarding/profile" className={link()}>
            Fill in your whole profile at once
          </Link>
        </p>
      }
    >
      <MobileField
        ref={input}
        label="Mobile number"
        digits={mobile}
        onChange={(digits) => change({ mobile: digits })}
        onBlur={() => mobile && revealErrors()}
        showError={showErrors}
      />
    </StepForm>
  )
}
