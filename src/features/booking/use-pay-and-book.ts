/**
 * Pay and book: createBooking for the member's details, the answers the server kept saved on the
 * device too, then Cashfree's checkout in this tab (its code loaded then).
 */
import { BOOKING_MESSAGES, createBookingCall } from '@yaari/domain/booking'
import type { PriceTier, YaariEvent } from '@yaari/domain/catalogue'
import { type Action, call, useAction } from '../../lib/call'
import { logError } from '../../lib/log'
import { keepProfileAnswers } from '../../lib/member-data/refresh'
import { useAuthStore } from '../../lib/session/auth-store'
import { showToast } from '../../ui/toast'
import { BOOKING_WORDS, isCheckoutFailure } from './booking-errors'
import type { Details } from './booking-values'

/** The action that books a seat at `tier` on `date` and opens the checkout: it stays busy until the browser leaves. */
export function usePayAndBook(event: YaariEvent, tier: PriceTier, date: string): Action<[Details], void> {
  const booking: Action<[Details], void> = useAction(async (userProfile: Details) => {
    // The member who asks: the answers the server keeps are theirs, whoever is signed in by the answer.
    const asker = useAuthStore.getState().member?.uid
    try {
      // No time limit of our own: making the order waits on the payment gateway.
      const session = await call(
        createBookingCall,
        { eventId: event.id, eventDate: date, tier, amount: event.prices[tier], userProfile },
        { timeoutMs: 0 },
      )
      if (!session.payment_session_id) throw Object.assign(new Error('no session'), { code: 'no-session' })
      // The answers the server kept on the profile (none for a friend's seat): on the device too, for
      // the next booking. A device that cannot write them still goes on to pay.
      if (asker) {
        await keepProfileAnswers(asker, session.kept_answers ?? {}).catch((error: unknown) =>
          logError('answers-not-kept-on-device', error),
        )
      }
      void showToast({ title: BOOKING_MESSAGES.redirecting, type: 'success' })
      const { openCheckout } = await import('./checkout')
      const result = await openCheckout({ paymentSessionId: session.payment_session_id, mode: session.cashfree_mode })
      if (result.error) {
        logError('checkout-failed', result.error, { orderId: session.order_id })
        return booking.setError(BOOKING_MESSAGES.gatewayError)
      }
    } catch (caught) {
      if (navigator.onLine && isCheckoutFailure(caught)) logError('checkout-failed', caught)
      throw caught
    }
    // The browser is on its way to the checkout page: the button stays busy until it leaves.
    await new Promise(() => undefined)
  }, BOOKING_WORDS)
  return booking
}
