import { BOOKING_MESSAGES } from '@yaari/domain/booking'

/**
 * What a member reads when createBooking fails. The catalogue of messages for input and gateway
 * errors; the server's own words (written for members) where it explains a refusal the member
 * can act on: sold out, too many seats held, already booked, a price their profile does not allow,
 * an account suspended or banned (with the reason).
 */
/** A refusal the member can act on (their input, the seats, their account): not a failed checkout. */
const MEMBER_REFUSALS = new Set([
  'functions/invalid-argument',
  'functions/failed-precondition',
  'functions/resource-exhausted',
  'functions/permission-denied',
  'functions/already-exists',
  'functions/unauthenticated',
])

/** Whether a failure to book and pay is one the operator should hear of (the gateway, the SDK, the server). */
export const isCheckoutFailure = (error: unknown) =>
  !MEMBER_REFUSALS.has(String((error as { code?: unknown } | null | undefined)?.code))

export function bookingErrorMessage(error: unknown): string {
  const { code, message, details } = (error ?? {}) as { code?: unknown; message?: unknown; details?: unknown }
  switch (code) {
    case 'functions/invalid-argument':
      return BOOKING_MESSAGES.creationFailed
    case 'functions/failed-precondition':
    case 'functions/resource-exhausted':
    case 'functions/permission-denied': // a suspended or banned account, with the reason it was given
    case 'functions/already-exists':
      return typeof message === 'string' && message ? message : BOOKING_MESSAGES.creationFailed
    case 'functions/unavailable':
      // Cashfree made the order but gave no checkout session to pay it with.
      return (details as { reason?: unknown } | undefined)?.reason === 'no-session'
        ? BOOKING_MESSAGES.noSession
        : BOOKING_MESSAGES.gatewayError
    default:
      return BOOKING_MESSAGES.unexpected
  }
}
