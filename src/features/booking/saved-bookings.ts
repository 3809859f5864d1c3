/**
 * The member's bookings and waitlist places kept on the device (Dexie), refreshed whenever My bookings loads them
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
import { WAITLIST_STATUSES, type WaitlistView } from '../../domain/waitlist'
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

const waitlistViewSchema = v.object({
  eventId: v.string(),
  eventDate: v.string(),
  status: v.picklist(WAITLIST_STATUSES),
  position: v.optional(v.number()),
  waiting: v.number(),
  joinedAt: v.string(),
  offerExpiresAt: v.optional(v.string()),
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

/** Replaces the member's waitlist places kept on this device with the server's. */
export async function saveWaitlist(db: YaariDb, uid: string, entries: WaitlistView[], now = Date.now()): Promise<void> {
  await db.waitlists.put({ uid, entries, savedAt: now })
}

/** The member's waitlist places this device kept; entries that no longer fit are skipped. */
export async function savedWaitlist(db: YaariDb, uid: string): Promise<WaitlistView[]> {
  const row = await db.waitlists.get(uid)
  return (row?.entries ?? []).flatMap((entry) => {
    const parsed = v.safeParse(waitlistViewSchema, entry)
    return parsed.success ? [parsed.output] : []
  })
}
