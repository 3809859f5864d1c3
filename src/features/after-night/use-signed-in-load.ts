/**
 * What both pages of the evening after do first: follow the sign-in, and once Firebase has
 * confirmed the member, load what the page shows from Yaari. The route's loader starts that first
 * read (`firstAnswer`) before the page renders; the page takes it, and loads again itself after a
 * change. A connection that leaves the sign-in or the call hanging ends in the offline message
 * after 25 s, with a way to try again.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { spokenMessage } from '../../lib/call'
import { type AuthState, useAuthStore, watchAuth } from '../../lib/session/auth-store'
import { AFTER_PAGE_MESSAGES, AFTER_WORDS } from './after-night-calls'

export type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; value: T }

const HANGING_MS = 25_000

/** The answer, or what the member reads when it failed. */
async function settled<T>(load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { state: 'ready', value: await load() }
  } catch (caught) {
    return { state: 'error', message: spokenMessage(caught, AFTER_WORDS) }
  }
}

/**
 * For a route's loader: the server's first answer for the member Firebase Auth confirms, started
 * before the page renders and never awaited by it (the page opens with no network). Undefined
 * when nobody is signed in.
 */
export async function firstAnswer<T>(load: () => Promise<T>): Promise<Loaded<T> | undefined> {
  await watchAuth()
  const { status, verified } = useAuthStore.getState()
  return status === 'signed-in' && verified ? settled(load) : undefined
}

export function useSignedInLoad<T>(load: () => Promise<T>, first?: Promise<Loaded<T> | undefined>) {
  const auth: AuthState = useAuthStore()
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' })
  const taken = useRef<Promise<unknown>>(undefined)

  const refresh = useCallback(async () => setLoaded(await settled(load)), [load])

  useEffect(() => {
    void watchAuth()
  }, [])
  useEffect(() => {
    if (auth.status !== 'signed-in' || !auth.verified) return
    if (first && taken.current !== first) {
      taken.current = first
      void first.then((answer) => (answer ? setLoaded(answer) : refresh()))
    } else void refresh()
  }, [auth.status, auth.verified, refresh, first])
  useEffect(() => {
    if (loaded.state !== 'loading') return
    const timer = setTimeout(() => setLoaded({ state: 'error', message: AFTER_PAGE_MESSAGES.offline }), HANGING_MS)
    return () => clearTimeout(timer)
  }, [loaded.state])

  /** Shows a value the page changed itself (a pick's answer) without loading again. */
  const replace = useCallback((value: T) => setLoaded({ state: 'ready', value }), [])
  return { auth, loaded, refresh, replace }
}
