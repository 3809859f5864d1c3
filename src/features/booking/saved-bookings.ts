/**
 * The member's bookings kept on the device (Dexie), refreshed whenever My bookings loads them
 * online. My bookings shows them at once, before the network answers (a venue's weak signal can
 * hang a request for many seconds), and alone when it cannot reach the server.
 */
import * as v from 'valibot'
import {
  BOOKING_STATUSES,
  type BookingView,
  REFUND_REASONS,
  REFUND_STATES,
  venueBriefSchema,
} from '../../domain/booking'
import type { YaariDb } from '../../lib/db'
import { logWarning } from '../../lib/log'

const bookingViewSchema = v.object({
  orderId: v.string(),
  status: v.picklist(BOOKING_STATUSES),
  eventId: v.string(),
  eventDate: v.string(),
  tier: v.string(),
  amount: v.number(),
  createdAt: v.string(),
  venueBrief: v.optional(venueBriefSchema),
  refund: v.optional(
    v.object({
      amount: v.number(),
      status: v.picklist(REFUND_STATES),
      reason: v.picklist(REFUND_REASONS),
    }),
  ),
})

/** Replaces what this device keeps for the member with what the server just said. */
export async function saveBookings(db: YaariDb, uid: string, bookings: BookingView[], now = Date.now()): Promise<void> {
  await db.transaction('rw', db.bookings, async () => {
    await db.bookings.where('uid').equals(uid).delete()
    await db.bookings.bulkPut(bookings.map((booking) => ({ orderId: booking.orderId, uid, booking, savedAt: now })))
  })
}

/** What this device kept, and when it was saved; rows that no longer fit are logged and skipped. */
export async function savedBookings(db: YaariDb, uid: string): Promise<{ bookings: BookingView[]; savedAt?: number }> {
  const rows = await db.bookings.where('uid').equals(uid).toArray()
  const bookings = rows.flatMap((row) => {
    const parsed = v.safeParse(bookingViewSchema, row.booking)
    if (parsed.success) return [parsed.output]
    logWarning('saved-booking-corrupt', { orderId: row.orderId })
    return []
  })
  bookings.sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.createdAt.localeCompare(b.createdAt))
  return { bookings, savedAt: rows.length ? Math.min(...rows.map((row) => row.savedAt)) : undefined }
}
