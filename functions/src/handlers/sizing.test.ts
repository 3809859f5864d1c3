import { describe, expect, it } from 'vitest'
import { mapUntil } from '../lib/records'
import { SCHEDULED_JOBS } from './schedules'
import { jobDeadline, MAX_INPUT_PIXELS, SIZING, sizingOf } from './sizing'

const bytes = (memory: string) => {
  const [, amount, unit] = /^(\d+)(MiB|GiB)$/.exec(memory) ?? []
  return Number(amount) * (unit === 'GiB' ? 1024 ** 3 : 1024 ** 2)
}

describe('the functions are sized from one table', () => {
  it("the photo upload's pixel cap fits its memory, at the uploads one instance takes at once", () => {
    const photo = sizingOf('uploadProfilePhoto')
    // A decoded image as RGBA, and as much again for the resize: per upload in flight.
    const perUpload = MAX_INPUT_PIXELS * 4 * 2
    expect(perUpload * photo.concurrency).toBeLessThan(bytes(photo.memory) * 0.8)
  })

  it('every job has a row: one item at its worst ends inside the timeout, and the deadline leaves room for it', () => {
    for (const job of Object.keys(SCHEDULED_JOBS)) {
      const sizing = SIZING[job]
      expect(sizing, job).toBeDefined()
      expect(sizing!.worstItemMs, job).toBeGreaterThan(0)
      expect(sizing!.worstItemMs!, job).toBeLessThan(sizing!.timeoutSeconds * 1000)
      const start = 1_000_000
      const deadline = jobDeadline(job, start)
      expect(deadline - start, job).toBeGreaterThan(0)
      expect(deadline + sizing!.worstItemMs!, job).toBeLessThanOrEqual(start + sizing!.timeoutSeconds * 1000)
      expect(sizing!.why.length, job).toBeGreaterThan(20)
    }
  })

  it('more than one request per instance only with a whole CPU (Cloud Run refuses it otherwise)', () => {
    for (const [name, sizing] of Object.entries(SIZING)) {
      if (sizing.concurrency > 1) expect(sizing.cpu, name).toBeGreaterThanOrEqual(1)
    }
  })
})

describe('a batch that meets its deadline', () => {
  it('starts nothing after it, and says how many items it left, still due, for the next run', async () => {
    const started: number[] = []
    const deadline = Date.now() + 60
    const { results, left } = await mapUntil(
      Array.from({ length: 20 }, (_, i) => i),
      2,
      async (item) => {
        started.push(item)
        await new Promise((resolve) => setTimeout(resolve, 25))
        return item * 10
      },
      deadline,
    )
    expect(started.length).toBeGreaterThan(0)
    expect(started.length).toBeLessThan(20)
    expect(left).toBe(20 - started.length)
    expect(results.filter((result) => result !== undefined)).toHaveLength(started.length)
  })
})
