/**
 * A booking that says "Payment pending" on screen is asked about again until it settles: Cashfree's
 * webhook can land seconds or minutes after the member paid, and a member who left the success page
 * at once would otherwise see no QR at the door until a reload. getBooking reads the gateway for a
 * pending booking (at most once per GATEWAY_READ_EVERY_MS each, on the server), and its answer is
 * kept on the device, which the page reads: the ticket appears on its own.
 */
import { useEffect } from 'react'
import { useAuthStore } from '../session/auth-store'
import { checkBooking } from './refresh'

/** How often, while the page is open, visible and online. */
export const PENDING_RECHECK_MS = 5_000

/** Re-checks these pending bookings every PENDING_RECHECK_MS until they leave the list (settled). */
export function usePendingRecheck(pendingOrderIds: readonly string[]): void {
  const verified = useAuthStore((state) => state.verified && state.member !== null)
  const key = [...pendingOrderIds].sort().join(' ')
  useEffect(() => {
    if (!key || !verified) return
    const orderIds = key.split(' ')
    let asking = false
    const ask = async () => {
      if (asking || !navigator.onLine || document.visibilityState !== 'visible') return
      asking = true
      await Promise.all(orderIds.map((orderId) => checkBooking(orderId).catch(() => undefined)))
      asking = false
    }
    void ask()
    const timer = setInterval(() => void ask(), PENDING_RECHECK_MS)
    return () => clearInterval(timer)
  }, [key, verified])
}
