/**
 * What `npm run bench` needs of the functions' own code to measure the seat inventory in its
 * process (a failpoint and a clock cannot cross HTTP): bundled by dev/bench/inventory.mjs.
 */

export { BOOKING_MESSAGES, HOLD_MINUTES, MAX_LIVE_HOLDS } from '@yaari/domain/booking'
export { bookingRequest } from '@yaari/domain/booking.fixture'
// The services run in this process read the catalogue they are given: the seed's, which the stack
// starts with.
export { SEED, SEED_EVENTS } from '@yaari/domain/catalogue-seed'
export { storedProfileOf } from '@yaari/domain/profile.fixture'
export { availableDates } from '@yaari/domain/schedule'
export { CashfreeError, cashfreeGateway } from '../../functions/src/lib/cashfree'
export { CREATE_BOOKING_STEPS } from '../../functions/src/lib/records'
export { getAvailability } from '../../functions/src/services/availability'
export { cancelBooking } from '../../functions/src/services/bookings/cancel'
export { createBooking } from '../../functions/src/services/bookings/create'
export { reconcileBooking } from '../../functions/src/services/bookings/reconcile'
export { reconcilePayments, sweepExpiredHolds } from '../../functions/src/services/bookings/sweeps'
export { joinWaitlist } from '../../functions/src/services/waitlist/line'
export { auditInventory } from '../../tests/integration/inventory-audit'
