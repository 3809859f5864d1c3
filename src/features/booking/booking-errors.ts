import { BOOKING_MESSAGES } from '../../domain/booking'

/** The spec's booking error catalogue for a failed createBooking call. */
export function bookingErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  switch (code) {
    case 'functions/invalid-argument':
    case 'functions/failed-precondition':
      return BOOKING_MESSAGES.creationFailed
    case 'functions/resource-exhausted':
      return BOOKING_MESSAGES.soldOut
    case 'functions/unavailable':
      return BOOKING_MESSAGES.gatewayError
    default:
      return BOOKING_MESSAGES.unexpected
  }
}
