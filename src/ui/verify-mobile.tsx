/**
 * Verifying a mobile already on the member's profile (the booking form asks before taking money;
 * the profile page after the number changed): the number, "Send code", then the code. The device's
 * copy of the member's status follows at once (lib/phone-code.ts), so the screen moves on.
 */
import { PHONE_MESSAGES } from '@yaari/domain/phone'
import { formatMobile } from '@yaari/domain/profile'
import { useState } from 'react'
import { grid } from 'styled-system/patterns'
import { text } from 'styled-system/recipes'
import { usePhoneCode } from '../lib/phone-code'
import { Button } from './button'
import { PhoneCodeFields, RecaptchaSlot } from './phone-code-fields'

export function VerifyMobile({
  mobile,
  reason = PHONE_MESSAGES.verifyToBook,
  onVerified,
}: {
  /** The 10 digits on the profile. */
  mobile: string
  reason?: string
  onVerified?: (mobile: string) => void
}) {
  const phone = usePhoneCode('verify')
  const [code, setCode] = useState('')
  return (
    <form
      noValidate
      aria-labelledby="verify-mobile-title"
      className={grid({ gap: '4', mt: '5' })}
      onSubmit={async (event) => {
        event.preventDefault()
        if (!phone.sent) {
          if ((await phone.send(mobile)) === 'verified') onVerified?.(mobile)
          return
        }
        const verified = await phone.check(code)
        if (verified) onVerified?.(verified)
      }}
    >
      <h2 id="verify-mobile-title" className={text({ weight: 'semibold' })}>
        Verify your mobile number
      </h2>
      <p className={text({ tone: 'muted' })}>{reason}</p>
      {phone.sent ? (
        <PhoneCodeFields phone={phone} code={code} onCode={setCode} />
      ) : (
        <>
          <p>
            Your number: <strong>{formatMobile(mobile)}</strong>
          </p>
          {phone.error ? (
            <p role="alert" className={text({ tone: 'error' })}>
              {phone.error}
            </p>
          ) : null}
        </>
      )}
      <RecaptchaSlot phone={phone} />
      <Button
        type="submit"
        loading={phone.busy !== undefined}
        loadingText={phone.busy === 'send' ? 'Sending a code…' : 'Verifying…'}
      >
        {phone.sent ? 'Verify' : 'Send code'}
      </Button>
    </form>
  )
}
