/**
 * A one-time code sent by SMS, as a screen uses it: to verify the signed-in member's mobile
 * (onboarding, the profile, the booking form) or to sign in with it. Firebase Authentication
 * sends and checks the code; for a verification, the functions first say whether the number may
 * be verified on this account (and how long before the next code), and record it once Firebase
 * has linked it. The wait before "Resend code" grows with each code; a code older than
 * CODE_LIFETIME_MS is refused here as expired, as Firebase's own are.
 */
import {
  askForCodeCall,
  CODE_LIFETIME_MS,
  codeSchema,
  confirmPhoneCall,
  PHONE_MESSAGES,
  resendWaitMs,
} from '@yaari/domain/phone'
import { fullMobile, MESSAGES } from '@yaari/domain/profile'
import { firstIssue } from '@yaari/domain/validation'
import { useCallback, useRef, useState } from 'react'
import { call, spokenMessage } from './call'
import { useAuthStore } from './session/auth-store'

export type PhoneCodePurpose = 'verify' | 'sign-in'

/** The device knows at once that `mobile` is the member's verified number: the booking form stops asking. */
async function keepOnDevice(mobile: string): Promise<void> {
  const uid = useAuthStore.getState().member?.uid
  if (uid) await (await import('./member-data/refresh')).keepVerifiedMobile(uid, mobile)
}

/** A code sent: to which number (10 digits), what Firebase checks it against, when, and when the next may be asked for. */
interface SentCode {
  mobile: string
  verificationId: string
  sentAt: number
  nextAt: number
  /** Codes sent to this number from this screen. */
  count: number
}

const OFFLINE = 'You’re offline: a code needs a connection. Your number is kept.'

/** The sentence for a failed send or check, in the member's words. */
export function phoneCodeMessage(error: unknown): string {
  return spokenMessage(error, {
    offline: OFFLINE,
    byCode: {
      'auth/invalid-verification-code': PHONE_MESSAGES.wrongCode,
      'auth/code-expired': PHONE_MESSAGES.expiredCode,
      'auth/invalid-verification-id': PHONE_MESSAGES.expiredCode,
      'auth/missing-verification-id': PHONE_MESSAGES.noCodeSent,
      'auth/credential-already-in-use': PHONE_MESSAGES.taken,
      'auth/account-exists-with-different-credential': PHONE_MESSAGES.taken,
      'auth/too-many-requests': PHONE_MESSAGES.tooSoon,
      'auth/quota-exceeded': PHONE_MESSAGES.sendFailed,
      'auth/invalid-phone-number': MESSAGES.mobileInvalid,
      'auth/phone-not-verified': PHONE_MESSAGES.noAccount,
      'auth/network-request-failed': OFFLINE,
    },
  })
}

/** How long (ms) a refusal says to wait, when it says. */
function retryIn(error: unknown): number | undefined {
  const details = (error as { details?: { retryInMs?: unknown } } | null)?.details
  return typeof details?.retryInMs === 'number' ? details.retryInMs : undefined
}

export interface PhoneCode {
  sent: SentCode | undefined
  busy: 'send' | 'check' | undefined
  error: string | undefined
  /** Where reCAPTCHA draws (invisible): render `<div ref={recaptcha} />` once. */
  recaptcha: React.RefObject<HTMLDivElement | null>
  /**
   * Sends a code to `mobile` (10 digits): 'sent', or 'verified' when the number is already the
   * account's (no code needed); undefined when refused.
   */
  send: (mobile: string) => Promise<'sent' | 'verified' | undefined>
  /**
   * Checks `code`: for 'verify', links the number to the account and records it (answers the 10
   * digits verified); for 'sign-in', signs in (answers the number). Undefined when refused.
   */
  check: (code: string) => Promise<string | undefined>
  /** Forgets the code sent (the member changes the number). */
  reset: () => void
}

export function usePhoneCode(
  purpose: PhoneCodePurpose,
  /** Told each refusal's words too (a screen that keeps them past its own redraw). */
  onError?: (message: string) => void,
): PhoneCode {
  const [sent, setSent] = useState<SentCode>()
  const told = useRef(onError)
  told.current = onError
  const [busy, setBusy] = useState<PhoneCode['busy']>()
  const [error, setError] = useState<string>()
  const recaptcha = useRef<HTMLDivElement>(null)
  const running = useRef(false)

  const attempt = useCallback(async <R>(kind: 'send' | 'check', work: () => Promise<R>): Promise<R | undefined> => {
    if (running.current) return undefined
    if (!navigator.onLine) {
      setError(OFFLINE)
      return undefined
    }
    running.current = true
    setBusy(kind)
    setError(undefined)
    try {
      return await work()
    } catch (caught) {
      const message = phoneCodeMessage(caught)
      setError(message)
      told.current?.(message)
      const wait = retryIn(caught)
      if (wait !== undefined) setSent((last) => (last ? { ...last, nextAt: Date.now() + wait } : last))
      return undefined
    } finally {
      running.current = false
      setBusy(undefined)
    }
  }, [])

  const send = useCallback(
    (mobile: string) =>
      attempt('send', async (): Promise<'sent' | 'verified'> => {
        const count = sent?.mobile === mobile ? sent.count + 1 : 1
        // A verification asks the functions first (and they space the codes); a sign-in spaces them here.
        let wait = resendWaitMs(count)
        if (purpose === 'verify') {
          const asked = await call(askForCodeCall, { mobile })
          if (asked.verified) {
            await keepOnDevice(mobile)
            return 'verified'
          }
          wait = asked.nextCodeInMs
        }
        const container = recaptcha.current
        if (!container) throw new Error('The code form is not on the page')
        const { sendPhoneCode } = await import('./firebase')
        const verificationId = await sendPhoneCode(fullMobile(mobile), container)
        const now = Date.now()
        setSent({ mobile, verificationId, sentAt: now, nextAt: now + wait, count })
        return 'sent'
      }),
    [attempt, purpose, sent],
  )

  const check = useCallback(
    async (code: string) => {
      if (!sent) {
        setError(PHONE_MESSAGES.noCodeSent)
        return undefined
      }
      const issue = firstIssue(codeSchema, code)
      if (issue) {
        setError(issue)
        return undefined
      }
      if (Date.now() - sent.sentAt > CODE_LIFETIME_MS) {
        setError(PHONE_MESSAGES.expiredCode)
        return undefined
      }
      return attempt('check', async () => {
        const firebase = await import('./firebase')
        if (purpose === 'sign-in') {
          await firebase.signInWithPhoneCode(sent.verificationId, code.trim())
          return sent.mobile
        }
        await firebase.linkPhoneCode(sent.verificationId, code.trim(), fullMobile(sent.mobile))
        const { mobile } = await call(confirmPhoneCall, {})
        await keepOnDevice(mobile)
        return mobile
      })
    },
    [attempt, purpose, sent],
  )

  const reset = useCallback(() => {
    setSent(undefined)
    setError(undefined)
  }, [])

  return { sent, busy, error, recaptcha, send, check, reset }
}
