/**
 * What both pages of the evening after do first: follow the sign-in, and once Firebase has
 * confirmed the member, load what the page shows from Yaari. A connection that leaves the sign-in
 * or the call hanging ends in the offline message after 25 s, with a way to try again.
 */

import { useCallback, useEffect, useState } from 'react'
import { spokenMessage } from '../../lib/call'
import { type AuthState, useAuthStore, watchAuth } from '../../lib/session/auth-store'
import { AFTER_PAGE_MESSAGES, AFTER_WORDS } from './after-night-calls'

export type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; value: T }

const HANGING_MS = 25_000

export function useSignedInLoad<T>(load: () => Promise<T>) {
  const auth: AuthState = useAuthStore()
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' })

  const refresh = useCallback(async () => {
    try {
      setLoaded({ state: 'ready', value: await load() })
    } catch (caught) {
      setLoaded({ state: 'error', message: spokenMessage(caught, AFTER_WORDS) })
    }
  }, [load])

  useEffect(() => {
    void watchAuth()
  }, [])
  useEffect(() => {
    if (auth.status === 'signed-in' && auth.verified) void refresh()
  }, [auth.status, auth.verified, refresh])
  useEffect(() => {
    if (loaded.state !== 'loading') return
    const timer = setTimeout(() => setLoaded({ state: 'error', message: AFTER_PAGE_MESSAGES.offline }), HANGING_MS)
    return () => clearTimeout(timer)
  }, [loaded.state])

  /** Shows a value the page changed itself (a pick's answer) without loading again. */
  const replace = useCallback((value: T) => setLoaded({ state: 'ready', value }), [])
  return { auth, loaded, refresh, replace }
}
