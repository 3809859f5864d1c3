import { useEffect, useState } from 'react'
import type { CallableContract, RequestOf, ResponseOf } from '../domain/callable'
import { useAuthStore, watchAuth } from './session/auth-store'

export type MemberCall<T> =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'ready'; data: T }
  | { status: 'error'; code: string | undefined; offline: boolean }

/**
 * Calls a member-only function once the session is known; `attempt` changes to call again.
 * A call that failed while the device was offline is made again when it comes back online.
 */
export function useMemberCall<C extends CallableContract>(
  contract: C,
  data: RequestOf<C>,
  attempt = 0,
): MemberCall<ResponseOf<C>> {
  const { status } = useAuthStore()
  const [state, setState] = useState<MemberCall<ResponseOf<C>>>({ status: 'loading' })
  const [reconnects, setReconnects] = useState(0)
  const key = JSON.stringify(data)
  useEffect(() => void watchAuth(), [])
  // Failed while offline: call again once online (at once if the connection came back before
  // this effect could listen for it).
  const failedOffline = state.status === 'error' && state.offline
  useEffect(() => {
    if (!failedOffline) return
    const retry = () => setReconnects((n) => n + 1)
    if (navigator.onLine) return retry()
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [failedOffline])
  useEffect(() => {
    if (status === 'signed-out') return setState({ status: 'signed-out' })
    if (status !== 'signed-in') return
    let cancelled = false
    void attempt // a new attempt, or coming back online, calls again
    void reconnects
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' })) // keep what is shown while checking again
    void import('./firebase')
      .then(({ callFunction }) => callFunction(contract, JSON.parse(key)))
      .then(
        (result) => !cancelled && setState({ status: 'ready', data: result }),
        (error: unknown) => {
          const code = (error as { code?: unknown } | null)?.code
          if (!cancelled) {
            setState({ status: 'error', code: typeof code === 'string' ? code : undefined, offline: !navigator.onLine })
          }
        },
      )
    return () => {
      cancelled = true
    }
  }, [status, contract, key, attempt, reconnects])
  return state
}
