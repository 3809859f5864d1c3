/**
 * "Apply this change once" on the Firestore stand-in, which enforces the update-time condition a
 * takeover uses: runners racing for a stale marker apply the change once, and a runner kept
 * waiting (on a slow gateway, say) longer than the takeover window keeps its claim, because it
 * renews it. The window is shortened here (YAARI_STALE_CHANGE_MS, read when lib/data/bookings.ts loads) so
 * the test waits seconds, not the 30 s of production.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminDb } from './stack-data'

const WINDOW_MS = 1_500
let records: typeof import('../../functions/src/lib/data/transitions')
beforeAll(async () => {
  process.env.YAARI_STALE_CHANGE_MS = String(WINDOW_MS)
  records = await import('../../functions/src/lib/data/transitions')
})
afterAll(() => {
  delete process.env.YAARI_STALE_CHANGE_MS
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const marker = (orderId: string, change: string) =>
  adminDb().collection('bookings').doc(orderId).collection('transitions').doc(change)

describe('a change applied once', () => {
  it('ten runners racing for a stale marker (its runner died) apply the change exactly once', async () => {
    expect(records.STALE_CHANGE_MS).toBe(WINDOW_MS)
    const orderId = `claims_${randomUUID()}`
    await marker(orderId, 'settled').set({ at: Date.now() - 60_000, applied: false })
    let applied = 0
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        records.once(adminDb(), orderId, 'settled', async () => {
          applied++
          await sleep(50)
        }),
      ),
    )
    expect(applied).toBe(1)
    expect(results.filter(Boolean)).toHaveLength(1)
    expect((await marker(orderId, 'settled').get()).get('applied')).toBe(true)
  })

  it('a runner kept waiting past the takeover window keeps its claim: a second runner applies nothing', async () => {
    const orderId = `claims_${randomUUID()}`
    const applied: string[] = []
    const slow = records.once(adminDb(), orderId, 'settled', async () => {
      applied.push('slow')
      await sleep(WINDOW_MS * 3) // the gateway answers long after the window
    })
    await sleep(WINDOW_MS * 2)
    const second = await records.once(adminDb(), orderId, 'settled', async () => {
      applied.push('second')
    })
    expect(second).toBe(false)
    expect(await slow).toBe(true)
    expect(applied).toEqual(['slow'])
  })

  it('a runner that died is taken over once its marker goes stale', async () => {
    const orderId = `claims_${randomUUID()}`
    const claim = await records.claimChange(adminDb(), orderId, 'settled')
    expect(claim).toBeDefined()
    // It never applies the change nor renews the claim: after the window another runner finishes it.
    expect(await records.once(adminDb(), orderId, 'settled', async () => undefined)).toBe(false)
    await sleep(WINDOW_MS + 200)
    let finished = false
    expect(
      await records.once(adminDb(), orderId, 'settled', async () => {
        finished = true
      }),
    ).toBe(true)
    expect(finished).toBe(true)
  })
})
