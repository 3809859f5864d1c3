/**
 * What `npm run bench` needs of the functions' own code to measure the seat inventory in its
 * process (a failpoint and a clock cannot cross HTTP): bundled by dev/bench/inventory.mjs.
 */
export { getAvailabilityHandler } from '../../functions/src/availability'
export { cancelBookingHandler } from '../../functions/src/bookings/cancel'
export { createBookingHandler } from '../../functions/src/bookings/create'
export { reconcileBooking } from '../../functions/src/bookings/reconcile'
export { CREATE_BOOKING_STEPS } from '../../functions/src/bookings/records'
export { reconcilePayments, sweepExpiredHolds } from '../../functions/src/bookings/sweeps'
export { joinWaitlistHandler } from '../../functions/src/bookings/waitlist'
export { CashfreeError, cashfreeGateway } from '../../functions/src/lib/cashfree'
export { BOOKING_MESSAGES, HOLD_MINUTES, MAX_LIVE_HOLDS } from '../../src/domain/booking'
export { bookingRequest } from '../../src/domain/booking.fixture'
export { EVENTS } from '../../src/domain/catalogue'
export { availableDates } from '../../src/domain/schedule'
export { auditInventory } from '../../tests/integration/inventory-audit'
