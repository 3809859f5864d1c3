/**
 * 'Cancel booking' on a confirmed ticket: the dialog says what the refund policy gives at this
 * moment before the member confirms; confirming calls cancelBooking, which decides the refund
 * again on the server (its clock, its copy of the booking).
 */

import { BOOKING_MESSAGES, type BookingView, cancelBookingCall } from '@yaari/domain/booking'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { formatInr } from '@yaari/domain/money'
import { cancellationRefund } from '@yaari/domain/refund-policy'
import { eventStartInstant, formatLongDate } from '@yaari/domain/schedule'
import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { wrap } from 'styled-system/patterns'
import { text } from 'styled-system/recipes'
import { call, type SpokenWords, useAction } from '../../lib/call'
import { keepBooking } from '../../lib/member-data/refresh'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { showToast } from '../../ui/toast'

/** What cancelling now gives back, in the member's words. */
function refundIfCancelledNow(booking: Pick<BookingView, 'amount' | 'eventDate'>, event: YaariEvent, now = new Date()) {
  const refund = cancellationRefund(booking.amount, eventStartInstant(booking.eventDate, event.startTime), now)
  if (!refund) return undefined
  return refund.amount > 0
    ? `Cancelling now refunds ${formatInr(refund.amount)} of the ${formatInr(booking.amount)} you paid (${refund.tier.label}).`
    : `Cancelling now refunds nothing (${refund.tier.label}).`
}

/** Cancelling reads out only why the booking cannot be cancelled (started, not confirmed). */
const CANCEL_WORDS: SpokenWords = {
  offline: BOOKING_MESSAGES.cancelOffline,
  unexpected: BOOKING_MESSAGES.unexpected,
  speaks: ['functions/failed-precondition'],
}

export function CancelBookingButton({
  booking,
  event,
  onCancelled,
}: {
  booking: BookingView
  event: YaariEvent
  onCancelled: (booking: BookingView) => void
}) {
  const [open, setOpen] = useState(false)
  const keep = useRef<HTMLButtonElement>(null)
  const {
    busy,
    error,
    run: confirm,
    setError,
  } = useAction(async () => {
    const { booking: cancelled } = await call(cancelBookingCall, { orderId: booking.orderId })
    await keepBooking(cancelled)
    setOpen(false)
    const refund = cancelled.refund ? `${formatInr(cancelled.refund.amount)} is on its way back to you.` : undefined
    void showToast({ title: 'Your booking is cancelled.', description: refund, type: 'success' })
    onCancelled(cancelled)
  }, CANCEL_WORDS)
  const terms = refundIfCancelledNow(booking, event)
  if (!terms) return null

  return (
    <>
      <Button variant="ghost" className={css({ alignSelf: 'flex-start' })} onClick={() => setOpen(true)}>
        Cancel booking
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          setError(undefined)
        }}
        title="Cancel this booking?"
        description={`Your seat at ${event.title} on ${formatLongDate(booking.eventDate)} is given back to others.`}
        // A stray Enter keeps the seat: focus starts on the safe choice.
        initialFocus={() => keep.current}
      >
        <p className={text({ size: 'lg' })}>{terms}</p>
        <p className={text({ tone: 'muted' })}>Cancelling needs a connection and cannot be undone.</p>
        {error ? (
          <p role="alert" className={text({ tone: 'error' })}>
            {error}
          </p>
        ) : null}
        <div className={wrap({ gap: '3', mt: '5' })}>
          <Button loading={busy} loadingText="Cancelling..." onClick={() => void confirm()}>
            Cancel booking
          </Button>
          <Button ref={keep} variant="outline" onClick={() => setOpen(false)}>
            Keep my seat
          </Button>
        </div>
      </Dialog>
    </>
  )
}
