import { Link } from '@tanstack/react-router'
import { PHONE_MESSAGES } from '@yaari/domain/phone'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { usePhoneCode } from '../../lib/phone-code'
import { Button } from '../../ui/button'
import { MobileField, mobileIssue } from '../../ui/mobile-field'
import { PhoneCodeFields, RecaptchaSlot } from '../../ui/phone-code-fields'
import { showToast } from '../../ui/toast'
import { StepForm } from './step-form'
import { useFieldStep } from './use-step'

/**
 * Step 1: the mobile number, shown as two groups of five and stored as 10 digits. Continue sends a
 * code by SMS to verify it (booking needs a verified number); "Verify later" goes on without.
 */
export function MobileStep() {
  const { draft, change, showErrors, revealErrors, continueIfValid, continueToNext, input, focusInput } = useFieldStep(
    '/onboarding/mobile',
    'Your mobile number',
  )
  const mobile = draft.mobile ?? ''
  const issue = mobileIssue(mobile)
  const phone = usePhoneCode('verify')
  const [code, setCode] = useState('')

  if (phone.sent) {
    return (
      <StepForm
        title="Enter the code we sent"
        description="Verifying your number lets you book; your coordinator reaches you on it on the day."
        submitLabel="Verify"
        busy={phone.busy === 'check'}
        busyLabel="Verifying…"
        onContinue={async () => {
          const verified = await phone.check(code)
          if (!verified) return focusInput()
          void showToast({ type: 'success', title: PHONE_MESSAGES.verified })
          await continueToNext()
        }}
        footer={
          <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center' })}>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                phone.reset()
                setCode('')
              }}
            >
              Change number
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void continueToNext()}>
              Verify later
            </Button>
          </p>
        }
      >
        <PhoneCodeFields phone={phone} code={code} onCode={setCode} inputRef={input} />
        <RecaptchaSlot phone={phone} />
      </StepForm>
    )
  }

  return (
    <StepForm
      title="What’s your mobile number?"
      description="Your event coordinator uses it to reach you on the day. We send a code by SMS to verify it."
      busy={phone.busy === 'send'}
      busyLabel="Sending a code…"
      onContinue={async () => {
        if (issue) return continueIfValid(issue, focusInput)()
        const sent = draft.mobile ? await phone.send(draft.mobile) : undefined
        if (sent === 'verified') return continueToNext()
        if (sent === 'sent') setCode('')
        else focusInput()
      }}
      footer={
        <>
          <p className={css({ textAlign: 'center' })}>
            <Button variant="ghost" size="sm" onClick={() => void continueIfValid(issue, focusInput)()}>
              Verify later
            </Button>
          </p>
          <p className={css({ textAlign: 'center', fontSize: 'sm', color: 'fg.muted' })}>
            Prefer one page?{' '}
            <Link to="/onboarding/profile" className={link()}>
              Fill in your whole profile at once
            </Link>
          </p>
        </>
      }
    >
      <MobileField
        ref={input}
        label="Mobile number"
        digits={mobile}
        onChange={(digits) => change({ mobile: digits })}
        onBlur={() => mobile && revealErrors()}
        showError={showErrors}
        error={phone.error}
      />
      <RecaptchaSlot phone={phone} />
    </StepForm>
  )
}
