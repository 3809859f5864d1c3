/** Test data: a valid createBooking request, as the booking form sends it (unit and integration tests). */
import type { CreateBookingRequest } from './booking'

/** The attendee fields of a valid booking (the least the form requires). */
export const VALID_ATTENDEE = {
  name: 'Asha Rao',
  email: 'asha@example.test',
  mobile: '9876543210',
  dateOfBirth: '1995-06-15',
  termsAccepted: true,
} as const satisfies CreateBookingRequest['userProfile']

/** A valid request for a seat of `eventId` on `eventDate` at the Girls price, changed by `overrides`. */
export const bookingRequest = (
  eventId: CreateBookingRequest['eventId'],
  eventDate: string,
  overrides: Partial<CreateBookingRequest> = {},
): CreateBookingRequest => ({
  eventId,
  eventDate,
  tier: 'girls',
  userProfile: { ...VALID_ATTENDEE },
  ...overrides,
})
