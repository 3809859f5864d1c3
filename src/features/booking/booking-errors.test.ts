// @vitest-environment happy-dom
import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { expect, it } from 'vitest'
import { bookingErrorMessage } from './booking-errors'

it("maps createBooking's refusals to the catalogue, and a missing checkout session to its own message", () => {
  const error = (code: string, message = '', details?: unknown) => ({ code: `functions/${code}`, message, details })
  expect(bookingErrorMessage(error('unavailable', 'x', { reason: 'no-session' }))).toBe(BOOKING_MESSAGES.noSession)
  expect(bookingErrorMessage(error('unavailable', 'x'))).toBe(BOOKING_MESSAGES.gatewayError)
  expect(bookingErrorMessage(error('invalid-argument', 'x'))).toBe(BOOKING_MESSAGES.creationFailed)
  expect(bookingErrorMessage(error('resource-exhausted', 'Sold out'))).toBe('Sold out')
  const suspended = 'Your account is suspended until Friday, 4 December 2026 (inclusive): Rude to staff'
  expect(bookingErrorMessage(error('permission-denied', suspended))).toBe(suspended)
  expect(bookingErrorMessage(error('internal', 'boom'))).toBe(BOOKING_MESSAGES.unexpected)
  expect(bookingErrorMessage(undefined)).toBe(BOOKING_MESSAGES.unexpected)
})
