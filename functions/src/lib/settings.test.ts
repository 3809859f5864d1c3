import { afterEach, describe, expect, it, vi } from 'vitest'
import { alert } from './log'
import { forgetSettings, functionSettings, SettingsError } from './settings'
import { parseFunctionSettings, parseMailSettings, type SettingsInput } from './settings-schema'

vi.mock('./log', async (original) => ({ ...(await original<typeof import('./log')>()), alert: vi.fn() }))

const complete: SettingsInput = {
  projectId: 'yaari-prod',
  CASHFREE_ENV: 'production',
  CASHFREE_CLIENT_ID: 'CF12345ABCDE',
  CASHFREE_CLIENT_SECRET: 'cfsk_ma_prod_secret',
  APP_ORIGIN: 'https://yaari.example',
}

const problemsOf = (input: SettingsInput, options?: { requireSecret?: boolean }) => {
  const result = parseFunctionSettings(input, options)
  return result.ok ? [] : result.problems
}

describe('parseFunctionSettings', () => {
  it('takes a complete configuration: the environment picks the API, the origin is kept bare', () => {
    expect(parseFunctionSettings(complete)).toEqual({
      ok: true,
      settings: {
        cashfree: {
          environment: 'production',
          baseUrl: 'https://api.cashfree.com/pg',
          clientId: 'CF12345ABCDE',
          clientSecret: 'cfsk_ma_prod_secret',
        },
        appOrigin: 'https://yaari.example',
      },
    })
    const sandbox = parseFunctionSettings({
      ...complete,
      CASHFREE_ENV: 'sandbox',
      APP_ORIGIN: 'https://yaari.example/',
    })
    expect(sandbox.ok && sandbox.settings.cashfree.baseUrl).toBe('https://sandbox.cashfree.com/pg')
    expect(sandbox.ok && sandbox.settings.appOrigin).toBe('https://yaari.example')
  })

  it('names every missing value, and never falls back to the sandbox', () => {
    expect(problemsOf({ projectId: 'yaari-prod' })).toEqual([
      'CASHFREE_ENV is missing: set it to sandbox or production.',
      "CASHFREE_CLIENT_ID is missing: the App ID from Cashfree's dashboard (Developers > API Keys).",
      'CASHFREE_CLIENT_SECRET is missing: store it with `npx firebase functions:secrets:set CASHFREE_CLIENT_SECRET` (locally: functions/.secret.local).',
      "APP_ORIGIN is missing: the site's address, such as https://yaari.example.",
    ])
    // Preflight cannot read Secret Manager: it checks the rest.
    expect(problemsOf({ ...complete, CASHFREE_CLIENT_SECRET: undefined }, { requireSecret: false })).toEqual([])
  })

  it('refuses invalid values with the reason', () => {
    expect(problemsOf({ ...complete, CASHFREE_ENV: 'live' })).toEqual([
      'CASHFREE_ENV is "live": it must be sandbox or production.',
    ])
    expect(problemsOf({ ...complete, CASHFREE_CLIENT_ID: 'CF 123' })).toEqual(['CASHFREE_CLIENT_ID contains spaces.'])
    expect(problemsOf({ ...complete, APP_ORIGIN: 'yaari.example' })).toEqual([
      'APP_ORIGIN (yaari.example) is not a URL.',
    ])
    expect(problemsOf({ ...complete, APP_ORIGIN: 'https://yaari.example/app' })).toEqual([
      'APP_ORIGIN (https://yaari.example/app) must be an origin only, such as https://yaari.example, with no path.',
    ])
    expect(problemsOf({ ...complete, APP_ORIGIN: 'http://yaari.example' })).toEqual([
      "APP_ORIGIN (http://yaari.example) must be the site's https address.",
    ])
    expect(problemsOf({ ...complete, APP_ORIGIN: 'http://127.0.0.1:4173' })).toEqual([
      "APP_ORIGIN (http://127.0.0.1:4173) must be the site's https address.",
    ])
  })

  it('lets only a demo- project use the payment stand-in and a loopback origin', () => {
    const local = {
      ...complete,
      projectId: 'demo-yaari',
      CASHFREE_ENV: 'sandbox',
      APP_ORIGIN: 'http://127.0.0.1:4173',
      CASHFREE_STANDIN_URL: 'http://127.0.0.1:8081/pg/',
    }
    const result = parseFunctionSettings(local)
    expect(result.ok && result.settings.cashfree.baseUrl).toBe('http://127.0.0.1:8081/pg')
    expect(result.ok && result.settings.appOrigin).toBe('http://127.0.0.1:4173')
    expect(problemsOf({ ...local, projectId: 'yaari-prod' })).toEqual([
      "APP_ORIGIN (http://127.0.0.1:4173) must be the site's https address.",
      'CASHFREE_STANDIN_URL is set for the real project yaari-prod: the payment stand-in is for the local stack only. Remove it.',
    ])
    expect(problemsOf({ ...local, CASHFREE_STANDIN_URL: 'https://evil.example/pg' })).toEqual([
      "CASHFREE_STANDIN_URL (https://evil.example/pg) must be the local stand-in's http://127.0.0.1 address.",
    ])
  })
})

describe('functionSettings (the params at runtime)', () => {
  afterEach(() => {
    forgetSettings()
    vi.unstubAllEnvs()
  })

  const stubParams = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value)
  }

  it('reads the params and the bound secret from the environment the runtime gives the function', () => {
    stubParams({
      GCLOUD_PROJECT: 'yaari-prod',
      CASHFREE_ENV: 'sandbox',
      CASHFREE_CLIENT_ID: 'TEST123',
      CASHFREE_CLIENT_SECRET: 'cfsk_test',
      APP_ORIGIN: 'https://yaari.example',
      CASHFREE_STANDIN_URL: undefined,
    })
    expect(functionSettings().cashfree).toEqual({
      environment: 'sandbox',
      baseUrl: 'https://sandbox.cashfree.com/pg',
      clientId: 'TEST123',
      clientSecret: 'cfsk_test',
    })
  })

  it('fails loudly when a param is missing: an alert in the log and an error listing the problems', () => {
    stubParams({
      GCLOUD_PROJECT: 'yaari-prod',
      CASHFREE_ENV: 'sandbox',
      CASHFREE_CLIENT_ID: 'TEST123',
      CASHFREE_CLIENT_SECRET: undefined,
      APP_ORIGIN: undefined,
      CASHFREE_STANDIN_URL: undefined,
    })
    expect(() => functionSettings()).toThrow(SettingsError)
    expect(() => functionSettings()).toThrow(/CASHFREE_CLIENT_SECRET is missing[\s\S]*APP_ORIGIN is missing/)
    expect(alert).toHaveBeenCalledWith('config-invalid', {
      problems: [
        expect.stringMatching(/^CASHFREE_CLIENT_SECRET is missing/),
        expect.stringMatching(/^APP_ORIGIN is missing/),
      ],
    })
  })
})

describe('parseMailSettings', () => {
  it('takes an smtp or smtps URL and a sender, with or without a name', () => {
    expect(
      parseMailSettings({ SMTP_URL: 'smtps://u:p@smtp.example:465', MAIL_FROM: 'Yaari <hello@yaari.example>' }),
    ).toEqual({
      ok: true,
      settings: { smtpUrl: 'smtps://u:p@smtp.example:465', from: 'Yaari <hello@yaari.example>' },
    })
    expect(parseMailSettings({ SMTP_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: 'hello@yaari.example' }).ok).toBe(true)
  })

  it('names every problem: nothing set, a web address, a sender that is not an address', () => {
    expect(parseMailSettings({})).toEqual({
      ok: false,
      problems: [expect.stringContaining('SMTP_URL is not set'), expect.stringContaining('MAIL_FROM is not set')],
    })
    expect(parseMailSettings({ SMTP_URL: 'https://smtp.example', MAIL_FROM: 'Yaari' })).toEqual({
      ok: false,
      problems: [
        'SMTP_URL must be an smtp:// or smtps:// address, such as smtps://user:password@host:465.',
        'MAIL_FROM (Yaari) must be an address, with or without a name: Yaari <hello@yaari.example>.',
      ],
    })
  })
})
