import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { MobileField, mobileIssue } from '../../ui/mobile-field'
import { StepForm } from './step-form'
import { useFieldStep } from './use-step'

/** Step 1: the mobile number, shown as two groups of five and stored as 10 digits. */
export function MobileStep() {
  const { draft, change, showErrors, revealErrors, continueIfValid, input, focusInput } = useFieldStep(
    '/onboarding/mobile',
    'Your mobile number',
  )
  const mobile = draft.mobile ?? ''
  const issue = mobileIssue(mobile)

  return (
    <StepForm
      title="What’s your mobile number?"
      description="Your event coordinator uses it to reach you on the day."
      onContinue={continueIfValid(issue, focusInput)}
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
