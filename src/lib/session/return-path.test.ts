// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { rememberReturnPath, safeReturnPath, takeReturnPath } from './return-path'

const ORIGIN = 'https://yaari.example'

describe('safeReturnPath', () => {
  it('keeps a path of the app with its search and hash', () => {
    expect(safeReturnPath('/events/first-hello?tier=girls&date=2026-12-05', ORIGIN)).toBe(
      '/events/first-hello?tier=girls&date=2026-12-05',
    )
    expect(safeReturnPath('/my-bookings#top', ORIGIN)).toBe('/my-bookings#top')
  })

  it.each([
    ['another origin', 'https://evil.example/events'],
    ['a protocol-relative address', '//evil.example/events'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a tab browsers strip', '/\t/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'events/x'],
    ['not text', 42],
    ['the sign-in page itself', '/auth?next=/auth'],
    ['an onboarding step', '/onboarding/mobile'],
    ['something very long', `/${'a'.repeat(600)}`],
  ])('drops %s', (_, value) => {
    expect(safeReturnPath(value, ORIGIN)).toBeUndefined()
  })
})

describe('the remembered return', () => {
  it('is read once, and never holds what is not safe', () => {
    rememberReturnPath('/events/x?date=2026-12-05')
    expect(takeReturnPath()).toBe('/events/x?date=2026-12-05')
    expect(takeReturnPath()).toBeUndefined()
    rememberReturnPath('//evil.example')
    expect(takeReturnPath()).toBeUndefined()
  })
})
