/**
 * The fields of an SMS code, inside a screen's own form: which number it went to, the code, and
 * "Resend code", which waits as long as the last code said (the wait grows with each). The
 * screen renders `RecaptchaSlot` from the start (the first send needs it) and submits the code.
 */
import { PHONE_MESSAGES } from '@yaari/domain/phone'
import { formatMobile } from '@yaari/domain/profile'
import { type Ref, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import type { PhoneCode } from '../lib/phone-code'
import { Button } from './button'
import { TextField } from './field'

/** Where reCAPTCHA (invisible) attaches; the Auth emulator needs none. */
export function RecaptchaSlot({ phone }: { phone: PhoneCode }) {
  return <div ref={phone.recaptcha} />
}

/** Seconds left until `at` (ms), counted down once a second; 0 once it has passed. */
function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (at === undefined || at <= Date.now()) return
    setNow(Date.now())
    const timer = setInterval(() => {
      setNow(Date.now())
      if (Date.now() >= at) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [at])
  return at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000))
}

/** "0:28", "2:00": a wait as a person reads it. */
const asClock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

export function PhoneCodeFields({
  phone,
  code,
  onCode,
  inputRef,
}: {
  phone: PhoneCode
  code: string
  onCode: (code: string) => void
  inputRef?: Ref<HTMLInputElement>
}) {
  const sent = phone.sent
  const seconds = useSecondsUntil(sent?.nextAt)
  if (!sent) return null
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      <p>
        {PHONE_MESSAGES.codeSent} <strong>{formatMobile(sent.mobile)}</strong>.
      </p>
      <TextField
        ref={inputRef}
        label="Code from the SMS"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => onCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        error={phone.error}
        hint="6 digits"
      />
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
        <Button
          variant="outline"
          size="sm"
          disabled={seconds > 0 || phone.busy !== undefined}
          loading={phone.busy === 'send'}
          loadingText="Sending…"
          onClick={() => void phone.send(sent.mobile)}
        >
          Resend code
        </Button>
        {seconds > 0 ? (
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>You can ask again in {asClock(seconds)}</span>
        ) : null}
      </div>
    </div>
  )
}
