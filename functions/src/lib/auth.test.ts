import type { CallableRequest } from 'firebase-functions/v2/https'
import { describe, expect, it } from 'vitest'
import { emailVerificationRequired, requireMember } from './auth'

const caller = (token: Record<string, unknown>) =>
  ({ auth: { uid: 'alice', token, rawToken: 'raw' } }) as unknown as Pick<CallableRequest, 'auth'>

describe('requireMember', () => {
  it('takes the uid and email from the verified token only', () => {
    expect(requireMember(caller({ email: 'asha@example.test' }), { requireEmailVerification: false })).toEqual({
      uid: 'alice',
      email: 'asha@example.test',
    })
  })

  it('refuses a caller without a token', () => {
    expect(() => requireMember({ auth: undefined })).toThrow(expect.objectContaining({ code: 'unauthenticated' }))
  })

  it('when confirmation is required, refuses an unconfirmed email and accepts a confirmed one', () => {
    const required = { requireEmailVerification: true }
    expect(() => requireMember(caller({ email: 'a@example.test', email_verified: false }), required)).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    )
    expect(requireMember(caller({ email: 'a@example.test', email_verified: true }), required).uid).toBe('alice')
  })
})

describe('email confirmation, by default', () => {
  it('is required on a real project unless turned off on purpose; not on the local demo project', () => {
    expect(emailVerificationRequired({ GCLOUD_PROJECT: 'yaari-prod' })).toBe(true)
    expect(emailVerificationRequired({ GCLOUD_PROJECT: 'yaari-prod', REQUIRE_EMAIL_VERIFICATION: 'false' })).toBe(false)
    expect(emailVerificationRequired({ GCLOUD_PROJECT: 'demo-yaari' })).toBe(false)
    expect(emailVerificationRequired({ GCLOUD_PROJECT: 'demo-yaari', REQUIRE_EMAIL_VERIFICATION: 'true' })).toBe(true)
  })
})
