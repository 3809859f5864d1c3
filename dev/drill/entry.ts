/**
 * What `npm run drill` needs of the functions' own code, bundled by dev/drill.mjs: the handlers and
 * jobs it puts under faults, run in its process against the local stack (as the bench does).
 */
// The services run in this process read the catalogue they are given: the seed's, which the stack
// starts with.

export { bookingRequest } from '@yaari/domain/booking.fixture'
export { SEED, SEED_EVENTS } from '@yaari/domain/catalogue-seed'
export { storedProfileOf } from '@yaari/domain/profile.fixture'
export { availableDates } from '@yaari/domain/schedule'
export { runJobLogged } from '../../functions/src/handlers/schedules'
export { cashfreeGateway } from '../../functions/src/lib/cashfree'
export { claimChange } from '../../functions/src/lib/data/transitions'
export { smtpTransport } from '../../functions/src/lib/smtp'
export { cancelConfirmed } from '../../functions/src/services/bookings/cancel'
export { createBooking } from '../../functions/src/services/bookings/create'
export { reconcileBooking } from '../../functions/src/services/bookings/reconcile'
export { deliverMail } from '../../functions/src/services/mail/outbox'
