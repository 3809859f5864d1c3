/** What My bookings reads: the member's bookings and their places on waitlists, in one call. */
import type { BookingView } from './booking'
import { contract } from './callable'
import { ACCOUNT_MESSAGES } from './profile'
import { noInputSchema } from './validation'
import type { WaitlistView } from './waitlist'

/** Every booking of the member, soonest date first, and their places on waitlists of dates to come. */
export const listMyBookingsCall = contract<typeof noInputSchema, { bookings: BookingView[]; waitlist: WaitlistView[] }>(
  'listMyBookings',
  noInputSchema,
  [ACCOUNT_MESSAGES],
)
