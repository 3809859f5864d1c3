import { describe, expect, it } from 'vitest'
import { CLAIM_RENEW_MS, STALE_CHANGE_MS } from './transitions'

// The integration tests run the takeover with the window shortened by its test hook
// (YAARI_STALE_CHANGE_MS); this is production's.
describe('the takeover window of a change', () => {
  it('is 30 s, and a runner at work renews its claim every 10 s, three times within it', () => {
    expect(process.env.YAARI_STALE_CHANGE_MS).toBeUndefined()
    expect(STALE_CHANGE_MS).toBe(30_000)
    expect(CLAIM_RENEW_MS).toBe(10_000)
  })
})

describe('reading a booking', () => {
  it('is undefined when there is none, and throws for a document that holds no booking (its seat is never freed as if unbooked)', async () => {
    const { FakeFirestore } = await import('../../testing/fake-firestore')
    const { readBooking } = await import('./bookings')
    const firestore = new FakeFirestore().asFirestore
    await firestore.doc('bookings/yaari_odd').set({ order_id: 'yaari_odd', status: 'confirmed' })
    expect(await readBooking(firestore, 'yaari_none')).toBeUndefined()
    await expect(readBooking(firestore, 'yaari_odd')).rejects.toThrow('bookings/yaari_odd holds no record')
  })
})
