import type { BookingView } from '@yaari/domain/booking'
import { errorCode } from '@yaari/domain/error-code'
import { useEffect, useState } from 'react'
import { useAuthStore, watchAuth } from '../session/auth-store'
import { checkBooking } from './refresh'

export type BookingCheck =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'ready'; booking: BookingView }
  | { status: 'error'; code: string | undefined; offline: boolean }

/**
 * Asks the server where one of the member's bookings stands now (getBooking: a payment being
 * confirmed is checked with Cashfree), and keeps the answer on the device, so the ticket is
 * there as soon as the payment is. `attempt` changes to ask again; a check that failed offline
 * is made again when the device comes back online. Unlike the member's other data this is a live
 * question: the answer is the server's, never the device's copy.
 */
export function useBookingCheck(orderId: string, attempt = 0): BookingCheck {
  const { status, verified } = useAuthStore()
  const [state, setState] = useState<BookingCheck>({ status: 'loading' })
  const [reconnects, setReconnects] = useState(0)
  useEffect(() => void watchAuth(), [])
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
    // A link with no order in it: nothing to ask the server (it would only refuse the request).
    if (!orderId) return setState({ status: 'error', code: 'functions/invalid-argument', offline: false })
    if (status !== 'signed-in' || !verified) return
    let cancelled = false
    void attempt // a new attempt, or coming back online, asks again
    void reconnects
    // What is shown stays while the server is asked again.
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }))
    checkBooking(orderId).then(
      ({ booking }) => !cancelled && setState({ status: 'ready', booking }),
      (error: unknown) => {
        const code = errorCode(error)
        if (!cancelled) {
          setState({ status: 'error', code: typeof code === 'string' ? code : undefined, offline: !navigator.onLine })
        }
      },
    )
    return () => {
      cancelled = true
    }
  }, [status, verified, orderId, attempt, reconnects])
  return state
}
