/** A date's lease (one run at a time per date and job), against a fake Firestore. */
import { describe, expect, it, vi } from 'vitest'
import { FakeDocument, FakeFirestore } from '../../testing/fake-firestore'
import { takeDateLease } from './date-settings'

const NOW = Date.parse('2026-12-01T10:00:00+05:30')
const take = (firestore: FakeFirestore, now: number) =>
  takeDateLease(firestore.asFirestore, 'midweek-wednesday-dinner', '2026-12-02', 'capacity', now, now + 60_000)

describe('takeDateLease', () => {
  it('is held by one run until it runs out, then taken over', async () => {
    const firestore = new FakeFirestore(() => NOW)
    expect(await take(firestore, NOW)).toBe(true)
    expect(await take(firestore, NOW + 1_000)).toBe(false)
    expect(await take(firestore, NOW + 61_000)).toBe(true)
  })

  it('a lease left by a run that died is taken over by one of two runs that both found it stale, never both', async () => {
    const firestore = new FakeFirestore(() => NOW)
    await take(firestore, NOW - 120_000)
    // The second run to delete the stale lease gets there only after the first has made its new one.
    const remove = FakeDocument.prototype.delete
    let made = () => {}
    const created = { promise: new Promise<void>((resolve) => (made = resolve)), resolve: () => made() }
    let deletes = 0
    const spy = vi.spyOn(FakeDocument.prototype, 'delete').mockImplementation(async function (
      this: FakeDocument,
      ...args
    ) {
      if (this.path.includes('/leases/') && ++deletes === 2) await created.promise
      return remove.apply(this, args)
    })
    try {
      const first = take(firestore, NOW).then((took) => {
        created.resolve()
        return took
      })
      const taken = await Promise.all([first, take(firestore, NOW)])
      expect(taken.filter(Boolean)).toHaveLength(1)
    } finally {
      spy.mockRestore()
    }
  })
})
