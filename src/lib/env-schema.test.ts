import { readFileSync } from 'node:fs'
import { loadEnv } from 'vite'
import { describe, expect, it } from 'vitest'
import { parseClientEnv } from './env-schema'

const committed = loadEnv('production', process.cwd(), 'VITE_')

/** A VAPID public key made for these tests (a real P-256 point). */
const PROJECT_VAPID_KEY = 'BE83K-tis1CGeNN6kejQACO3rt805ycbjqF7lOweLte90EXT61eJBZ39kLOt2JyFgOPbMHZCdbiX7qyyUdRkgxU'

/**
 * The committed configuration pointed at a real project (no emulators, no stand-in, an https site,
 * its own VAPID key).
 */
const realProject = () => ({
  ...committed,
  VITE_FIREBASE_PROJECT_ID: 'yaari-prod',
  VITE_FIREBASE_EMULATOR_HOST: '',
  VITE_CASHFREE_SDK_URL: '',
  VITE_SITE_URL: 'https://yaari.example',
  VITE_VAPID_PUBLIC_KEY: PROJECT_VAPID_KEY,
  VITE_SUPPORT_PHONE: '+91 80000 12345',
})

describe('client configuration', () => {
  it('accepts the committed local defaults', () => {
    expect(parseClientEnv(committed).VITE_FIREBASE_PROJECT_ID).toBe('demo-yaari')
  })

  it('points the app at the emulator ports firebase.json starts', () => {
    const emulators = JSON.parse(readFileSync('firebase.json', 'utf8')).emulators
    const env = parseClientEnv(committed)
    expect(env.VITE_FIREBASE_AUTH_EMULATOR_PORT).toBe(emulators.auth.port)
    expect(env.VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT).toBe(emulators.functions.port)
    expect(JSON.parse(readFileSync('.firebaserc', 'utf8')).projects.default).toBe(env.VITE_FIREBASE_PROJECT_ID)
  })

  it('lists every missing variable in one readable message', () => {
    expect(() => parseClientEnv({})).toThrow(
      /VITE_FIREBASE_PROJECT_ID is missing[\s\S]*VITE_FIREBASE_API_KEY is missing/,
    )
  })

  it('refuses emulators with a real project id', () => {
    expect(() => parseClientEnv({ ...committed, VITE_FIREBASE_PROJECT_ID: 'yaari-prod' })).toThrow(
      /VITE_FIREBASE_EMULATOR_HOST is set for a real project/,
    )
  })
})

const PROJECT_KEY = 'k1:MyOwq53wjm9Pod8-ldaM6QjxQ9hDQjin1vaNFpLvIMM'

describe("the passes' public keys", () => {
  it('are listed, each a key', () => {
    expect(() => parseClientEnv({ ...committed, VITE_PASS_PUBLIC_KEYS: '' })).toThrow(
      /VITE_PASS_PUBLIC_KEYS is missing/,
    )
    expect(() => parseClientEnv({ ...committed, VITE_PASS_PUBLIC_KEYS: 'k1:short' })).toThrow(
      /VITE_PASS_PUBLIC_KEYS is invalid: the key of k1 is not a 32-byte Ed25519 public key/,
    )
  })

  it("never include the local stack's committed key in a real project's build", () => {
    const real = realProject()
    expect(() => parseClientEnv(real)).toThrow(/lists the local stack's key dev1/)
    expect(parseClientEnv({ ...real, VITE_PASS_PUBLIC_KEYS: PROJECT_KEY }).VITE_PASS_PUBLIC_KEYS).toBe(PROJECT_KEY)
  })

  it('requires a confirmed email on a real project unless told otherwise; not on the local demo project', () => {
    const real = { ...realProject(), VITE_PASS_PUBLIC_KEYS: PROJECT_KEY, VITE_REQUIRE_EMAIL_VERIFICATION: '' }
    expect(parseClientEnv(real).VITE_REQUIRE_EMAIL_VERIFICATION).toBe('true')
    expect(parseClientEnv({ ...real, VITE_REQUIRE_EMAIL_VERIFICATION: 'false' }).VITE_REQUIRE_EMAIL_VERIFICATION).toBe(
      'false',
    )
    expect(parseClientEnv({ ...committed, VITE_REQUIRE_EMAIL_VERIFICATION: '' }).VITE_REQUIRE_EMAIL_VERIFICATION).toBe(
      'false',
    )
  })
})

describe("the site's address", () => {
  it('is an origin, https for a real project', () => {
    expect(parseClientEnv(committed).VITE_SITE_URL).toBe('http://127.0.0.1:4173')
    expect(() => parseClientEnv({ ...committed, VITE_SITE_URL: 'https://yaari.example/app' })).toThrow(
      /VITE_SITE_URL must be an origin only/,
    )
    const real = {
      ...committed,
      VITE_FIREBASE_PROJECT_ID: 'yaari-prod',
      VITE_FIREBASE_EMULATOR_HOST: '',
      VITE_CASHFREE_SDK_URL: '',
      VITE_PASS_PUBLIC_KEYS: PROJECT_KEY,
      VITE_VAPID_PUBLIC_KEY: PROJECT_VAPID_KEY,
      VITE_SUPPORT_PHONE: '+91 80000 12345',
    }
    expect(() => parseClientEnv({ ...real, VITE_SITE_URL: 'http://yaari.example' })).toThrow(
      /must be the site's https address/,
    )
    expect(parseClientEnv({ ...real, VITE_SITE_URL: 'https://yaari.example/' }).VITE_SITE_URL).toBe(
      'https://yaari.example',
    )
  })
})

describe("Web Push's public key", () => {
  it('is required, and an uncompressed P-256 point in base64url', () => {
    expect(() => parseClientEnv({ ...committed, VITE_VAPID_PUBLIC_KEY: '' })).toThrow(
      /VITE_VAPID_PUBLIC_KEY is missing/,
    )
    for (const wrong of [
      PROJECT_VAPID_KEY.slice(1), // 86 characters
      `A${PROJECT_VAPID_KEY.slice(1)}`, // not 0x04 first
      `${PROJECT_VAPID_KEY.slice(0, -1)}V`, // bits past the 65th byte
      PROJECT_VAPID_KEY.replace('-', '+'), // base64, not base64url
    ]) {
      expect(() => parseClientEnv({ ...committed, VITE_VAPID_PUBLIC_KEY: wrong })).toThrow(
        /VITE_VAPID_PUBLIC_KEY must be a VAPID public key/,
      )
    }
    expect(parseClientEnv(committed).VITE_VAPID_PUBLIC_KEY).toMatch(/^B/)
  })

  it("is never the local stack's committed key in a real project's build", () => {
    const real = { ...realProject(), VITE_PASS_PUBLIC_KEYS: PROJECT_KEY }
    expect(() => parseClientEnv({ ...real, VITE_VAPID_PUBLIC_KEY: committed.VITE_VAPID_PUBLIC_KEY })).toThrow(
      /VITE_VAPID_PUBLIC_KEY is the local stack's key/,
    )
    expect(parseClientEnv(real).VITE_VAPID_PUBLIC_KEY).toBe(PROJECT_VAPID_KEY)
  })
})

describe('the 24/7 number', () => {
  it('is an Indian mobile with its country code, shown in two groups of five', () => {
    expect(parseClientEnv({ ...committed, VITE_SUPPORT_PHONE: '+918000012345' }).VITE_SUPPORT_PHONE).toBe(
      '+91 80000 12345',
    )
    for (const wrong of ['98765 43210', '+91 12345 67890', '+44 20 7946 0000', 'call us']) {
      expect(() => parseClientEnv({ ...committed, VITE_SUPPORT_PHONE: wrong })).toThrow(
        /VITE_SUPPORT_PHONE must be an Indian mobile number/,
      )
    }
  })

  it("is the placeholder only on the local stack: a real project's build refuses it, set or unset", () => {
    expect(parseClientEnv(committed).VITE_SUPPORT_PHONE).toBe('+91 98765 43210')
    const real = { ...realProject(), VITE_PASS_PUBLIC_KEYS: PROJECT_KEY }
    const { VITE_SUPPORT_PHONE: _set, ...unset } = real
    for (const placeholder of [{ ...real, VITE_SUPPORT_PHONE: '+91 98765 43210' }, unset]) {
      expect(() => parseClientEnv(placeholder)).toThrow(/VITE_SUPPORT_PHONE is the placeholder/)
    }
    expect(parseClientEnv(real).VITE_SUPPORT_PHONE).toBe('+91 80000 12345')
  })
})
