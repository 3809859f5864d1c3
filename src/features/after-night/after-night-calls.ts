/**
 * Calls of the evening after, and what a member reads when one fails: the server's own sentence
 * for a refusal (not a guest, closed, blocked, too many reports), or that it needs a connection.
 * The Firebase SDK loads with the first call, never with the page.
 */
import type { CallableContract, RequestOf, ResponseOf } from '@yaari/domain/callable'
import { errorCode } from '@yaari/domain/error-code'
import { localDb } from '../../lib/db'

export const AFTER_PAGE_MESSAGES = {
  offline: 'You’re offline: this needs a connection. What you typed is kept on this device.',
  unexpected: 'Something went wrong. Please try again.',
  signIn: 'Sign in to see how your evening went.',
  loading: 'Loading your evening…',
} as const

const SPOKEN = new Set([
  'functions/failed-precondition',
  'functions/permission-denied',
  'functions/not-found',
  'functions/resource-exhausted',
  'functions/already-exists',
  'functions/invalid-argument',
])

/** The sentence for a failed call. */
export function afterErrorMessage(error: unknown): string {
  const code = errorCode(error)
  if (!navigator.onLine || code === 'functions/unavailable' || code === 'functions/deadline-exceeded') {
    return AFTER_PAGE_MESSAGES.offline
  }
  const message = (error as { message?: unknown } | undefined)?.message
  if (typeof code === 'string' && SPOKEN.has(code) && typeof message === 'string') return message
  return AFTER_PAGE_MESSAGES.unexpected
}

export async function callAfter<C extends CallableContract>(contract: C, data: RequestOf<C>): Promise<ResponseOf<C>> {
  const { callFunction, WRITE_TIMEOUT } = await import('../../lib/firebase')
  return callFunction(contract, data, WRITE_TIMEOUT)
}

/** What a member typed on these pages, kept on the device until it is sent (cleared at sign-out). */
export async function readDraft<T>(uid: string, what: string, check: (form: unknown) => T | undefined) {
  const row = await localDb()
    .memberDrafts.get(`${uid}:${what}`)
    .catch(() => undefined)
  return row ? check(row.form) : undefined
}

export function keepDraft(uid: string, what: string, form: unknown): Promise<void> {
  return localDb()
    .memberDrafts.put({ key: `${uid}:${what}`, uid, form, updatedAt: Date.now() })
    .then(
      () => undefined,
      () => undefined,
    )
}

export function dropDraft(uid: string, what: string): Promise<void> {
  return localDb()
    .memberDrafts.delete(`${uid}:${what}`)
    .catch(() => undefined)
}
