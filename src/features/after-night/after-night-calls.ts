/**
 * What a member reads when a call of the evening after fails: the server's own sentence for a
 * refusal (not a guest, closed, blocked, too many reports), or that it needs a connection. And the
 * drafts these pages keep on the device until they are sent.
 */
import type { SpokenWords } from '../../lib/call'
import { localDb } from '../../lib/db'

export const AFTER_PAGE_MESSAGES = {
  offline: 'You’re offline: this needs a connection. What you typed is kept on this device.',
  unexpected: 'Something went wrong. Please try again.',
  signIn: 'Sign in to see how your evening went.',
  loading: 'Loading your evening…',
} as const

/** The sentences of these pages' calls (the server's own for its refusals, `aborted` aside). */
export const AFTER_WORDS: SpokenWords = {
  offline: AFTER_PAGE_MESSAGES.offline,
  unexpected: AFTER_PAGE_MESSAGES.unexpected,
  speaks: [
    'functions/failed-precondition',
    'functions/permission-denied',
    'functions/not-found',
    'functions/resource-exhausted',
    'functions/already-exists',
    'functions/invalid-argument',
  ],
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
