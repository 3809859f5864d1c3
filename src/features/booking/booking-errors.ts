import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { type SpokenWords, spokenMessage } from '../../lib/call'

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

/**
 * What a member reads when createBooking fails. The catalogue of messages for input and gateway
 * errors; the server's own words (written for members) where it explains a refusal the member
 * can act on: sold out, too many seats held, already booked, a price their profile does not allow,
 * an account suspended or banned (with the reason).
 */
export const BOOKING_WORDS: SpokenWords = {
  offline: 'You are offline. Booking needs a connection; your details are kept.',
  unexpected: BOOKING_MESSAGES.unexpected,
  speaks: [
    'functions/failed-precondition',
    'functions/resource-exhausted',
    'functions/permission-denied', // a suspended or banned account, with the reason it was given
    'functions/already-exists',
  ],
  byCode: {
    'functions/invalid-argument': BOOKING_MESSAGES.creationFailed,
    // Cashfree made the order but gave no checkout session to pay it with.
    'functions/unavailable': (error) =>
      (error as { details?: { reason?: unknown } } | undefined)?.details?.reason === 'no-session'
        ? BOOKING_MESSAGES.noSession
        : BOOKING_MESSAGES.gatewayError,
    // No answer in the SDK's 70 s: said as any other failure, not as a line that is down.
    'functions/deadline-exceeded': BOOKING_MESSAGES.unexpected,
    // The server answered without a checkout session.
    'no-session': BOOKING_MESSAGES.noSession,
  },
}

export const bookingErrorMessage = (error: unknown): string => spokenMessage(error, BOOKING_WORDS)
