import { readFileSync } from 'node:fs'
import { loadEnv } from 'vite'
import { describe, expect, it } from 'vitest'
import { parseClientEnv } from './env-schema'

const committed = loadEnv('production', process.cwd(), 'VITE_')

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
