import { describe, expect, it } from 'vitest'
import { isAllowedOrigin } from './origins'

const site = { appOrigin: 'https://yaari.example', local: false }

describe('isAllowedOrigin', () => {
  it("allows the site's own origin and requests from no page at all", () => {
    expect(isAllowedOrigin('https://yaari.example', site)).toBe(true)
    expect(isAllowedOrigin(undefined, site)).toBe(true)
  })

  it('refuses every other page, look-alikes included', () => {
    for (const origin of [
      'https://evil.example',
      'http://yaari.example',
      'https://yaari.example.evil.example',
      'https://yaari.example:8443',
      'http://127.0.0.1:4173',
      'null',
    ]) {
      expect(isAllowedOrigin(origin, site), origin).toBe(false)
    }
  })

  it('allows any loopback origin on the local stack only', () => {
    const local = { appOrigin: 'http://127.0.0.1:4173', local: true }
    expect(isAllowedOrigin('http://127.0.0.1:39211', local)).toBe(true)
    expect(isAllowedOrigin('http://localhost:4173', local)).toBe(true)
    expect(isAllowedOrigin('http://127.0.0.1.evil.example', local)).toBe(false)
    expect(isAllowedOrigin('https://evil.example', local)).toBe(false)
  })

  it('refuses every page when no origin is configured', () => {
    expect(isAllowedOrigin('https://yaari.example', { appOrigin: '', local: false })).toBe(false)
  })
})
