/**
 * An audit of one date's seat inventory against its bookings and Cashfree's orders: what the
 * fault-injection test and `npm run bench` check after createBooking has been made to fail or
 * die between any two of its writes.
 *
 * - An orphan seat is one whose booking is missing or no longer pending or confirmed: nobody
 *   can pay for it, yet it keeps someone else out. There must never be one.
 * - A paid-but-unconfirmed booking is one whose Cashfree order is PAID while the booking is
 *   neither confirmed nor refunded. After the jobs have run, there must never be one.
 */

import { seatsCollectionPath } from '@yaari/domain/availability'
import type { Firestore } from 'firebase-admin/firestore'
import { CashfreeError, type PaymentGateway } from '../../functions/src/lib/cashfree'
import type { BookingRecord } from '../../functions/src/lib/data/bookings'

export interface InventoryAudit {
  seats: number
  orphanSeats: string[]
  /** Bookings of the date that hold a seat now: pending (with a seat) or confirmed. */
  holding: number
  pending: number
  confirmed: number
  /** Orders Cashfree says are paid whose booking is neither confirmed nor refunded. */
  paidUnconfirmed: string[]
  /** Orders Cashfree still takes payment on although their booking has ended. */
  payableEnded: string[]
}

export async function auditInventory(
  firestore: Firestore,
  gateway: PaymentGateway,
  { eventId, date, orderIds }: { eventId: string; date: string; orderIds: string[] },
): Promise<InventoryAudit> {
  const seats = (await firestore.collection(seatsCollectionPath(eventId, date)).get()).docs
  const bookings = new Map<string, BookingRecord>()
  const read = async (orderId: string) => {
    if (!bookings.has(orderId)) {
      const snapshot = await firestore.collection('bookings').doc(orderId).get()
      if (snapshot.exists) bookings.set(orderId, snapshot.data() as BookingRecord)
    }
    return bookings.get(orderId)
  }
  const orphanSeats: string[] = []
  const seatOrders = new Set<string>()
  for (const seat of seats) {
    const orderId = String(seat.get('order_id'))
    seatOrders.add(orderId)
    const booking = await read(orderId)
    if (!booking || (booking.status !== 'pending' && booking.status !== 'confirmed')) orphanSeats.push(seat.id)
  }
  const paidUnconfirmed: string[] = []
  const payableEnded: string[] = []
  let pending = 0
  let confirmed = 0
  for (const orderId of orderIds) {
    const booking = await read(orderId)
    if (booking?.status === 'pending') pending++
    if (booking?.status === 'confirmed') confirmed++
    let status: string | undefined
    try {
      status = (await gateway.getOrder(orderId)).order_status
    } catch (error) {
      if (!(error instanceof CashfreeError && error.status === 404)) throw error
    }
    if (status === 'PAID' && booking?.status !== 'confirmed' && booking?.status !== 'refunded') {
      paidUnconfirmed.push(orderId)
    }
    if (status === 'ACTIVE' && booking && booking.status !== 'pending') payableEnded.push(orderId)
  }
  const holding = [...seatOrders].filter((orderId) => {
    const status = bookings.get(orderId)?.status
    return status === 'pending' || status === 'confirmed'
  }).length
  return { seats: seats.length, orphanSeats, holding, pending, confirmed, paidUnconfirmed, payableEnded }
}
