/**
 * Paying for a held seat again: reopens Cashfree's checkout with the booking's own session (a
 * failed or abandoned attempt leaves the order open until the hold ends). Used by Try Again on
 * /booking-failed and by Complete payment in My bookings.
 */

import { BOOKING_MESSAGES, type CashfreeMode } from '@yaari/domain/booking'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { logError } from '../../lib/log'
import { Button, type ButtonProps } from '../../ui/button'

export function ResumePaymentButton({
  checkout,
  children,
  ...props
}: { checkout: { paymentSessionId: string; mode: CashfreeMode }; children: React.ReactNode } & Omit<
  ButtonProps,
  'onClick' | 'loading'
>) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const resume = async () => {
    setBusy(true)
    setError(undefined)
    try {
      const { openCheckout } = await import('./checkout')
      const result = await openCheckout(checkout)
      if (!result.error) return // the browser is on its way to the checkout page
      if (navigator.onLine) logError('checkout-failed', result.error)
    } catch (caught) {
      // Shown below; the operator hears of it unless the member is offline.
      if (navigator.onLine) logError('checkout-failed', caught)
    }
    setError(navigator.onLine ? BOOKING_MESSAGES.gatewayError : 'You are offline. Paying needs a connection.')
    setBusy(false)
  }
  return (
    <>
      <Button {...props} loading={busy} loadingText={BOOKING_MESSAGES.processing} onClick={() => void resume()}>
        {children}
      </Button>
      {error ? (
        <p role="alert" className={css({ color: 'fg.error', fontWeight: 'semibold', w: 'full' })}>
          {error}
        </p>
      ) : null}
    </>
  )
}
