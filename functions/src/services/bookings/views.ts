/**
 * What a member sees of their bookings (getBooking, listMyBookings): the state the server
 * holds, the refund's own state, the checkout session while a hold lasts, and the venue brief and
 * the signed pass on a confirmed ticket only.
 */

import {
  type BookingView,
  type CashfreeMode,
  type getBookingCall,
  type VenueBrief,
  venueBriefPath,
  type YourGroupView,
} from '@yaari/domain/booking'
import type { RequestOf } from '@yaari/domain/callable'
import { type Catalogue, PRICE_TIERS } from '@yaari/domain/catalogue'
import type { WaitlistView } from '@yaari/domain/waitlist'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { nowOf } from '../../lib/context'
import { type BookingRecord, bookingsOfMember, mayAskGateway, readBooking } from '../../lib/data/bookings'
import { connectionsOf } from '../../lib/data/connections'
import { readBrief } from '../../lib/data/venue-briefs'
import type { PassSigner } from '../../lib/pass-signer'
import type { BookingDeps } from '../../lib/records'
import { yourGroupsFor } from '../groups/published'
import { myWaitlist } from '../waitlist/views'
import { isFailedAttemptStatus } from './orders'
import { reconcileBooking } from './reconcile'

/**
 * A member asks Cashfree about a booking at most this often (getBooking polls while a payment is
 * being confirmed): Cashfree limits order reads per merchant, and one member's script must not
 * spend everyone's.
 */
const GATEWAY_READ_EVERY_MS = 5_000

/** A booking that may still change with Cashfree: pending, or ended recently (a late payment). */
const mayChange = (booking: BookingRecord) =>
  booking.status === 'pending' ||
  ((booking.status === 'failed' || booking.status === 'expired') && booking.recheck_at !== undefined) ||
  ((booking.status === 'refunded' || booking.status === 'cancelled') &&
    booking.refund !== undefined &&
    booking.refund.status !== 'succeeded' &&
    booking.refund.status !== 'failed')

/** Never reached checkout (createBooking stopped before Cashfree's order): not the member's to see. */
const neverOffered = (booking: BookingRecord) =>
  booking.payment_session_id === null && booking.status !== 'confirmed' && booking.status !== 'refunded'

/**
 * The shared venue briefs for the confirmed bookings among these, by "{eventId}_{date}". A
 * pending, failed or refunded booking never learns where the table is.
 */
async function venueBriefsFor(firestore: Firestore, bookings: BookingRecord[]): Promise<Map<string, VenueBrief>> {
  const dates = new Map(
    bookings.filter((b) => b.status === 'confirmed').map((b) => [venueBriefPath(b.event_id, b.event_date), b] as const),
  )
  const briefs = new Map<string, VenueBrief>()
  await Promise.all(
    [...dates].map(async ([path, booking]) => {
      const brief = await readBrief(firestore, booking.event_id, booking.event_date)
      if (brief) briefs.set(path, brief)
    }),
  )
  return briefs
}

/** The views' own dependencies: the pass signer is bound only to the functions that answer with tickets. */
export type ViewDeps = BookingDeps & { passes?: PassSigner }

/** The attendee's name as the booking form gave it ('' once an account deletion removed it). */
const attendeeName = (booking: BookingRecord) =>
  typeof booking.attendee?.name === 'string' ? booking.attendee.name : ''

/**
 * The pass of a paid booking: signed for it (Ed25519 is deterministic, so the same booking and
 * key give the same pass on every answer, and a rotated key reissues every pass at the member's
 * next refresh). Nothing else has one: a cancelled or refunded booking's ticket shows no code.
 */
function passOf(catalogue: Catalogue, booking: BookingRecord, passes: PassSigner | undefined) {
  const tier = PRICE_TIERS.find((known) => known === booking.tier)
  if (booking.status !== 'confirmed' || !passes || !catalogue.isEventId(booking.event_id) || !tier) return undefined
  return passes.issue(catalogue, {
    orderId: booking.order_id,
    eventId: booking.event_id,
    date: booking.event_date,
    tier,
    firstName: attendeeName(booking),
  })
}

/**
 * How many connections the member made at each evening they were asked about ("{eventId}_{date}"):
 * what tells them in the app that someone they picked picked them too. One query, only for a
 * member with such a booking.
 */
async function connectionsByNight(firestore: Firestore, uid: string, bookings: readonly BookingRecord[]) {
  const counts = new Map<string, number>()
  if (!bookings.some((booking) => booking.after_closes_at !== undefined)) return counts
  for (const { record } of await connectionsOf(firestore, uid)) {
    const night = `${record.event_id}_${record.event_date}`
    counts.set(night, (counts.get(night) ?? 0) + 1)
  }
  return counts
}

/** What a booking's view is made with besides the booking: read once for all of a member's bookings. */
interface ViewContext {
  catalogue: Catalogue
  briefs: Map<string, VenueBrief>
  now: number
  cashfreeMode: CashfreeMode
  /** Signs the passes of paid bookings (a view without one shows none). */
  passes?: PassSigner
  connections?: ReadonlyMap<string, number>
  /** The groups of confirmed bookings of dates to come, by order id. */
  tables?: ReadonlyMap<string, YourGroupView>
}

function toView(
  booking: BookingRecord,
  { catalogue, briefs, now, cashfreeMode, passes, connections = new Map(), tables = new Map() }: ViewContext,
): BookingView {
  const table = booking.status === 'confirmed' ? tables.get(booking.order_id) : undefined
  const venueBrief =
    booking.status === 'confirmed' ? briefs.get(venueBriefPath(booking.event_id, booking.event_date)) : undefined
  const holding = booking.status === 'pending' && booking.hold_expires_at > now
  const pass = passOf(catalogue, booking, passes)
  const name = attendeeName(booking)
  return {
    ...(venueBrief ? { venueBrief } : {}),
    ...(pass ? { pass } : {}),
    ...(table ? { table } : {}),
    ...(name ? { attendeeName: name } : {}),
    orderId: booking.order_id,
    status: booking.status,
    eventId: booking.event_id,
    eventDate: booking.event_date,
    tier: booking.tier,
    amount: booking.amount,
    createdAt: new Date(booking.created_at).toISOString(),
    ...(booking.status === 'pending'
      ? {
          holdExpiresAt: new Date(booking.hold_expires_at).toISOString(),
          lastAttemptFailed: isFailedAttemptStatus(booking.last_attempt?.status),
        }
      : {}),
    ...(holding && booking.payment_session_id
      ? { paymentSessionId: booking.payment_session_id, cashfreeMode: booking.cashfree_mode ?? cashfreeMode }
      : {}),
    ...(booking.refund
      ? { refund: { amount: booking.refund.amount, status: booking.refund.status, reason: booking.refund.reason } }
      : {}),
    ...(booking.status === 'confirmed' && booking.checked_in_at
      ? { checkedInAt: new Date(booking.checked_in_at).toISOString() }
      : {}),
    ...(booking.status === 'confirmed' && booking.after_closes_at
      ? {
          afterNight: {
            open: now < booking.after_closes_at,
            closesAt: new Date(booking.after_closes_at).toISOString(),
            connections: connections.get(`${booking.event_id}_${booking.event_date}`) ?? 0,
          },
        }
      : {}),
  }
}

/** getBooking: the caller's own booking, checked with Cashfree (at most every few seconds) while it may change. */
export async function getBooking(
  deps: ViewDeps,
  member: { uid: string },
  { orderId }: RequestOf<typeof getBookingCall>,
): Promise<{ booking: BookingView }> {
  const now = nowOf(deps)
  let booking = await readBooking(deps.firestore, orderId)
  // Someone else's booking, or one never offered, answers exactly like one that does not exist.
  if (!booking || booking.user_id !== member.uid || neverOffered(booking)) {
    throw new HttpsError('not-found', 'No such booking.')
  }
  let checkedAt: string | undefined
  if (mayChange(booking) && (await mayAskGateway(deps.firestore, orderId, now, GATEWAY_READ_EVERY_MS))) {
    booking = (await reconcileBooking(deps, orderId)) ?? booking
    checkedAt = new Date(now).toISOString()
  }
  const [briefs, connections, tables] = await Promise.all([
    venueBriefsFor(deps.firestore, [booking]),
    connectionsByNight(deps.firestore, member.uid, [booking]),
    yourGroupsFor(deps.firestore, deps.catalogue, [booking], now),
  ])
  const view = toView(booking, { ...deps, briefs, now, connections, tables })
  return { booking: checkedAt ? { ...view, checkedAt } : view }
}

/** listMyBookings: the caller's bookings, soonest date first. */
export async function listMyBookings(
  deps: ViewDeps,
  member: { uid: string },
): Promise<{ bookings: BookingView[]; waitlist: WaitlistView[] }> {
  const now = nowOf(deps)
  const [mine, waitlist] = await Promise.all([
    bookingsOfMember(deps.firestore, member.uid),
    myWaitlist(deps, member.uid),
  ])
  const records = mine.filter((booking) => !neverOffered(booking))
  const [briefs, connections, tables] = await Promise.all([
    venueBriefsFor(deps.firestore, records),
    connectionsByNight(deps.firestore, member.uid, records),
    yourGroupsFor(deps.firestore, deps.catalogue, records, now),
  ])
  const bookings = records.map((record) => toView(record, { ...deps, briefs, now, connections, tables }))
  bookings.sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.createdAt.localeCompare(b.createdAt))
  return { bookings, waitlist }
}

/** One booking as its member sees it, as it stands now. */
export async function bookingView(deps: BookingDeps, booking: BookingRecord): Promise<BookingView> {
  return toView(booking, { ...deps, briefs: await venueBriefsFor(deps.firestore, [booking]), now: nowOf(deps) })
}
