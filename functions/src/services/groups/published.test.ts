/**
 * The group reveal's notification (tellGroups): from the reveal until the evening starts, each paid guest
 * in a published group is told once, in words that name the event, its day and its time (a reveal
 * may come days before), with a link to their ticket; never before the reveal, nor once the evening
 * has started, nor to a deleted account.
 */
import { catalogueOf } from '@yaari/domain/catalogue'
import { SEED, SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { describe, expect, it } from 'vitest'
import { bookingWorld, EVENT } from '../../testing/booking-world'
import { tellGroups } from './published'

const DATE = '2026-12-05' // a Saturday: The First Hello starts at 18:00 IST, its groups revealed 2 hours before
const START = Date.parse('2026-12-05T18:00:00+05:30')
const REVEAL = Date.parse('2026-12-05T16:00:00+05:30')

/** Two members' paid bookings of DATE, published in one group, and tellGroups as of a time. */
async function published(extra: { title?: string; revealHours?: number } = {}) {
  const world = bookingWorld()
  const orders: { uid: string; orderId: string }[] = []
  for (let n = 0; n < 2; n++) {
    const { member, date, orderId } = await world.paidBooking()
    expect(date).toBe(DATE)
    orders.push({ uid: member.uid, orderId })
  }
  const members = orders.map((order) => order.orderId)
  await world.firestore.doc(`seatings/${EVENT.id}_${DATE}`).set({
    event_id: EVENT.id,
    event_date: DATE,
    city: EVENT.city,
    groups: [{ number: 1, members, locked: false }],
    published: { at: world.now, by: 'host-1', groups: [{ number: 1, members, shared: [] }] },
    updated_at: world.now,
    updated_by: 'host-1',
  })
  const catalogue = catalogueOf({
    ...SEED_CATALOGUE,
    events: SEED_CATALOGUE.events.map((event) => (event.id === EVENT.id ? { ...event, ...extra } : event)),
  })
  const at = (ms: number) => tellGroups({ firestore: world.firestore.asFirestore, catalogue, now: () => new Date(ms) })
  const notifications = () => world.firestore.dump('notices')
  return { world, orders, at, notifications }
}

describe('the group reveal notice', () => {
  it('tells each paid guest of the group once, from the reveal, with their own ticket', async () => {
    const { orders, at, notifications } = await published()
    expect(SEED.eventById(EVENT.id)?.title).toBe('The First Hello')
    expect(await at(REVEAL - 60_000)).toEqual({ told: 0 })
    expect(notifications()).toEqual({})
    expect(await at(REVEAL + 60_000)).toEqual({ told: 2 })
    expect(await at(REVEAL + 5 * 60_000)).toEqual({ told: 0 })
    for (const { uid, orderId } of orders) {
      expect(notifications()[`${orderId}_group`]).toMatchObject({
        uid,
        kind: 'group',
        title: 'Your group for The First Hello',
        body: 'Groups are revealed: see who you are sitting with on Sat, 5 Dec at 6:00 PM.',
        url: `/my-bookings/${orderId}`,
        tag: `group-${EVENT.id}-${DATE}`,
        critical: false,
        until: START,
        at: REVEAL + 60_000,
        push_due_at: REVEAL + 60_000,
      })
    }
    expect(Object.keys(notifications())).toHaveLength(2)
  })

  it('tells no one once the evening has started', async () => {
    const { at, notifications } = await published()
    expect(await at(START)).toEqual({ told: 0 })
    expect(notifications()).toEqual({})
  })

  it('never tells a deleted account, and still tells the rest of its group', async () => {
    const { world, orders, at, notifications } = await published()
    await world.firestore.doc(`bookings/${orders[0]!.orderId}`).update({ user_id: 'deleted' })
    expect(await at(REVEAL + 60_000)).toEqual({ told: 1 })
    expect(Object.keys(notifications())).toEqual([`${orders[1]!.orderId}_group`])
  })

  it('names the day of a reveal days ahead, and a title in any script as the catalogue spells it', async () => {
    const { orders, at, notifications } = await published({ title: 'Pehli Mulāqāt · पहली मुलाक़ात', revealHours: 48 })
    const reveal = Date.parse('2026-12-03T18:00:00+05:30') // Thursday, two days before
    expect(await at(reveal - 60_000)).toEqual({ told: 0 })
    expect(await at(reveal + 60_000)).toEqual({ told: 2 })
    expect(notifications()[`${orders[0]!.orderId}_group`]).toMatchObject({
      title: 'Your group for Pehli Mulāqāt · पहली मुलाक़ात',
      body: 'Groups are revealed: see who you are sitting with on Sat, 5 Dec at 6:00 PM.',
      until: START,
    })
  })

  it('waits for 08:00 IST to push a reveal that falls in quiet hours, and is true until the evening starts', async () => {
    const { orders, at, notifications } = await published({ revealHours: 20 })
    const reveal = Date.parse('2026-12-04T22:00:00+05:30') // Friday night, 20 hours before
    expect(await at(reveal + 60_000)).toEqual({ told: 2 })
    expect(notifications()[`${orders[1]!.orderId}_group`]).toMatchObject({
      critical: false,
      push_due_at: Date.parse('2026-12-05T08:00:00+05:30'),
      until: START,
    })
  })
})
