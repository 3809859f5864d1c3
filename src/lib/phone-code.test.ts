import { PHONE_MESSAGES } from '@yaari/domain/phone'
import { MESSAGES } from '@yaari/domain/profile'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { phoneCodeMessage } from './phone-code'

const failed = (code: string, message = 'raw') => Object.assign(new Error(message), { code })

beforeEach(() => vi.stubGlobal('navigator', { onLine: true }))
afterEach(() => vi.unstubAllGlobals())

describe('phoneCodeMessage', () => {
  it('says what Firebase’s refusals mean to the member', () => {
    expect(phoneCodeMessage(failed('auth/invalid-verification-code'))).toBe(PHONE_MESSAGES.wrongCode)
    expect(phoneCodeMessage(failed('auth/code-expired'))).toBe(PHONE_MESSAGES.expiredCode)
    expect(phoneCodeMessage(failed('auth/invalid-verification-id'))).toBe(PHONE_MESSAGES.expiredCode)
    expect(phoneCodeMessage(failed('auth/credential-already-in-use'))).toBe(PHONE_MESSAGES.taken)
    expect(phoneCodeMessage(failed('auth/invalid-phone-number'))).toBe(MESSAGES.mobileInvalid)
    expect(phoneCodeMessage(failed('auth/phone-not-verified'))).toBe(PHONE_MESSAGES.noAccount)
    expect(phoneCodeMessage(failed('auth/too-many-requests'))).toBe(PHONE_MESSAGES.tooSoon)
  })

  it('reads out the functions’ own refusals, and never a raw error', () => {
    expect(phoneCodeMessage(failed('functions/permission-denied', PHONE_MESSAGES.taken))).toBe(PHONE_MESSAGES.taken)
    expect(phoneCodeMessage(failed('functions/internal', 'INTERNAL'))).toBe('Something went wrong. Please try again.')
  })

  it('says so when the phone is offline or the line hangs', () => {
    expect(phoneCodeMessage(failed('functions/deadline-exceeded'))).toMatch(/offline/)
    vi.stubGlobal('navigator', { onLine: false })
    expect(phoneCodeMessage(failed('auth/internal-error'))).toMatch(/offline/)
  })
})
