import type { CallableRequest } from 'firebase-functions/v2/https'
import { describe, expect, it } from 'vitest'
import { emailVerificationRequired, requireMember, skipsMobileCheck } from './auth'

const caller = (token: Record<string, unknown>) =>
  ({ auth: { uid: 'alice', token, rawToken: 'raw' } }) as unknown as Pick<CallableRequest, 'auth'>

describe('requireMember', () => {
  it('takes the uid and email from the verified token only', () => {
    expect(requireMember(caller({ email: 'asha@example.test' }), { requireEmailVerification: false })).toEqual({
      uid: 'alice',
      email: 'asha@example.test',
      skipsMobileCheck: false,
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

describe('booking without a verified mobile', () => {
  const local = { GCLOUD_PROJECT: 'demo-yaari', MOBILE_CHECK_SKIP_DOMAINS: 'example.test, other.test' }
  it('is allowed to admins, and on a demo- project to the accounts at the domains it names', () => {
    expect(skipsMobileCheck({ admin: true, email: 'boss@yaari.in' }, { GCLOUD_PROJECT: 'yaari-prod' })).toBe(true)
    expect(skipsMobileCheck({ email: 'Asha@Example.test' }, local)).toBe(true)
    expect(skipsMobileCheck({ email: 'ravi@other.test' }, local)).toBe(true)
  })

  it('is refused to everyone else: another domain, a look-alike, a host, and the setting on a real project', () => {
    expect(skipsMobileCheck({ email: 'asha@gmail.com' }, local)).toBe(false)
    expect(skipsMobileCheck({ email: 'asha@notexample.test' }, local)).toBe(false)
    expect(skipsMobileCheck({ email: 'asha@example.test.evil.in' }, local)).toBe(false)
    const host: Record<string, unknown> = { host_cities: ['bangalore'], email: 'h@yaari.in' }
    expect(skipsMobileCheck(host, local)).toBe(false)
    expect(skipsMobileCheck({ admin: 'true', email: 'h@yaari.in' }, local)).toBe(false)
    expect(skipsMobileCheck({ email: 'asha@example.test' }, { ...local, GCLOUD_PROJECT: 'yaari-prod' })).toBe(false)
    expect(skipsMobileCheck({ email: 'asha@example.test' }, { GCLOUD_PROJECT: 'demo-yaari' })).toBe(false)
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
