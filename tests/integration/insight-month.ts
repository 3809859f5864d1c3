/**
 * A month of evenings that happened, written into the stack's Firestore as the paths write them:
 * bookings paid, cancelled with the policy's part refunded, refunded in full by a host, expired,
 * a refund that failed, one of a deleted account; a whole date cancelled and refunded; guests
 * checked in at the door on time, one late (a door phone that synced the next morning) and one
 * marked by a host; feedback; the night's record and connections; waitlist joins and offers, one
 * taken. Members come back across the month. The same month written twice is the same records
 * (ids are made from the month), so a retried test does not double it.
 */
import { createHash } from 'node:crypto'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { tallyKey } from '@yaari/domain/insights'
import { runsOn } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'

const HOUR = 3_600_000
const digest = (text: string, length: number) =>
  createHash('sha256')
    .update(text)
    .digest('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, length)

/** The event dates of a month (YYYY-MM) an event ran on. */
export function datesOfMonth(event: Pick<YaariEvent, 'schedule'>, month: string): string[] {
  const dates: string[] = []
  for (let day = 1; day <= 31; day++) {
    const date = `${month}-${String(day).padStart(2, '0')}`
    if (new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date && runsOn(event, date)) dates.push(date)
  }
  return dates
}

/** What was seeded, for a test to compare the page's money with. */
export interface SeededMonth {
  orderIds: string[]
  /** Paid amounts, refunds (failed ones not counted), per event, in paise. */
  grossPaise: number
  refundsPaise: number
  cancelledDates: string[]
}

/**
 * Writes `month`'s evenings of `events` (each date gets 6 to 9 bookings); the first event's second
 * date is cancelled by the team. `tag` keeps two seeders' members apart.
 */
export async function seedMonth(db: Firestore, events: YaariEvent[], month: string, tag: string): Promise<SeededMonth> {
  const seeded: SeededMonth = { orderIds: [], grossPaise: 0, refundsPaise: 0, cancelledDates: [] }
  const member = (n: number) => `ins-${tag}-${digest(`${tag}:${n}`, 8)}`
  let turn = 0
  for (const [e, event] of events.entries()) {
    for (const [d, date] of datesOfMonth(event, month).entries()) {
      turn++
      const start = Date.parse(`${date}T${event.startTime}:00+05:30`)
      const cancelled = e === 0 && d === 1
      const ymd = date.replaceAll('-', '')
      const count = 6 + ((turn * 7) % 4)
      const guests: Record<string, { order_id: string; first_name: string }> = {}
      const came: string[] = []
      const writes: Promise<unknown>[] = []
      for (let i = 0; i < count; i++) {
        const orderId = `yaari_${ymd}_${digest(`${tag}:${event.id}:${date}:${i}`, 12)}`
        // A pool of 14 members per seeder: most dates have some who came before.
        const uid = i === count - 1 && d === 0 ? 'deleted' : member((turn * 3 + i) % 14)
        const tier = i % 2 === 0 ? 'girls' : 'boys'
        const amount = event.prices[tier]
        const base = {
          order_id: orderId,
          user_id: uid,
          event_id: event.id,
          event_date: date,
          tier,
          amount,
          seat: i + 1,
          payment_session_id: `session_${orderId}`,
          hold_expires_at: start - 10 * 24 * HOUR + 20 * 60_000,
          created_at: start - 10 * 24 * HOUR,
          attendee: uid === 'deleted' ? {} : { name: `Guest ${i} ${tag}`, email: `${uid}@example.test` },
          expire_at: new Date(start + 2928 * 24 * HOUR),
        }
        const paid = { ...base, paid_at: base.created_at + 60_000 }
        const refund = (share: number, reason: string, status: string) => ({
          refund_id: `refund_${orderId}`.slice(0, 40),
          amount: Math.round(amount * share * 100) / 100,
          reason,
          status,
          requested_at: start - 24 * HOUR,
          updated_at: start - 23 * HOUR,
          attempts: 0,
        })
        let record: Record<string, unknown>
        if (cancelled) {
          record = { ...paid, status: 'refunded', seat: null, refund: refund(1, 'date-cancelled', 'succeeded') }
        } else if (i === 1) {
          // Cancelled by the member two days before: the policy's half back (₹649.50 of ₹1,299).
          record = { ...paid, status: 'cancelled', seat: null, refund: refund(0.5, 'cancelled', 'succeeded') }
        } else if (i === 3 && d % 2 === 0) {
          record = { ...paid, status: 'refunded', seat: null, refund: refund(1, 'host-cancelled', 'pending') }
        } else if (i === 5) {
          record = { ...base, status: 'expired', seat: null, ended_at: base.hold_expires_at }
        } else if (i === 4 && d === 0) {
          // Its refund failed at Cashfree: the money has not gone back.
          record = { ...paid, status: 'refunded', seat: null, refund: refund(1, 'host-cancelled', 'failed') }
        } else {
          record = { ...paid, status: 'confirmed' }
          const comes = i % 3 !== 2
          if (comes) {
            // Most at the door on time; the first guest of each date's door phone synced the next morning.
            const late = i === 0
            const at = late ? start + 15 * HOUR : start + (10 + i) * 60_000
            if (i === 6) {
              record.came_marked = { at: start + 3 * HOUR, by: 'host-uid' }
            } else {
              record.checked_in_at = at
              writes.push(
                db.doc(`door_admissions/${orderId}`).set({
                  event_id: event.id,
                  event_date: date,
                  check_in_id: `check_${orderId}`,
                  at,
                  door: 'door-1',
                  by: 'host-uid',
                  method: 'scan',
                  doubles: {},
                  expire_at: new Date(at + 180 * 24 * HOUR),
                }),
              )
            }
            if (uid !== 'deleted') {
              came.push(uid)
              guests[uid] = { order_id: orderId, first_name: 'Guest' }
            }
          }
        }
        seeded.orderIds.push(orderId)
        if ('paid_at' in record) seeded.grossPaise += Math.round(amount * 100)
        const r = record.refund as { amount: number; status: string } | undefined
        if (r && r.status !== 'failed') seeded.refundsPaise += Math.round(r.amount * 100)
        writes.push(db.doc(`bookings/${orderId}`).set(record))
      }
      if (cancelled) {
        seeded.cancelledDates.push(date)
        writes.push(
          db.doc(`cancelled_dates/${event.id}_${date}`).set({
            reason: 'The venue closed for repairs.',
            cancelled_at: start - 3 * 24 * HOUR,
            settled: true,
            expire_at: new Date(start + 365 * 24 * HOUR),
          }),
        )
      } else {
        // Feedback from most who came; a connection between the first two who came, and the next two.
        const night = `${event.id}_${date}`
        const pairs = [came.slice(0, 2), came.slice(2, 4)].filter((pair) => pair.length === 2)
        writes.push(
          db.doc(`nights/${night}`).set({
            event_id: event.id,
            event_date: date,
            city: event.city,
            opened_at: start + 16 * HOUR,
            guests,
            asked_at: start + 16 * HOUR,
            connections: pairs.length,
            closed: true,
            expire_at: new Date(start + 365 * 24 * HOUR),
          }),
          ...came.slice(0, -1).map((uid, k) =>
            db.doc(`feedback/${night}_${uid}`).set({
              night,
              event_id: event.id,
              event_date: date,
              city: event.city,
              user_id: uid,
              rating: 3 + ((turn + k) % 3),
              comment: '',
              improve: [],
              at: start + 20 * HOUR,
              updated_at: start + 20 * HOUR,
              expire_at: new Date(start + 365 * 24 * HOUR),
            }),
          ),
          ...pairs.map((pair) =>
            db.doc(`connections/${digest(`${night}:${pair.join(':')}`, 16)}`).set({
              members: [...pair].sort(),
              event_id: event.id,
              event_date: date,
              names: Object.fromEntries(pair.map((uid) => [uid, 'Guest'])),
              at: start + 30 * HOUR,
            }),
          ),
        )
        // The first date of each event was sold out a week before: three joined, two were offered,
        // and the first offer was booked (its booking is the first one of the date).
        if (d === 0) {
          const keys = async (uniques: string[]) =>
            Object.fromEntries(await Promise.all(uniques.map(async (u) => [await tallyKey(u), true] as const)))
          const firstOrder = `yaari_${ymd}_${digest(`${tag}:${event.id}:${date}:0`, 12)}`
          writes.push(
            db.doc(`insight_tallies/${event.id}_${date}`).set({
              event_id: event.id,
              event_date: date,
              joins: await keys([0, 1, 2].map((j) => `${tag}:join:${date}:${j}`)),
              offers: await keys([firstOrder, `${tag}:offer:${date}:passed`]),
              expire_at: new Date(start + 365 * 24 * HOUR),
            }),
          )
        }
      }
      await Promise.all(writes)
    }
  }
  return seeded
}
