import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentCatalogue, installCatalogue, refreshCatalogue, refreshedCatalogue } from './catalogue'

const answer = (body: unknown, ok = true) => vi.fn(async () => ({ ok, json: async () => body }))

afterEach(() => {
  vi.unstubAllGlobals()
  installCatalogue(SEED_CATALOGUE)
})

describe('the catalogue on this device', () => {
  it('installs a newer published catalogue, and keeps its own when the answer is older, broken or absent', async () => {
    const newer = { ...SEED_CATALOGUE, version: 4, events: SEED_CATALOGUE.events.slice(0, 1) }
    vi.stubGlobal('fetch', answer(newer))
    await refreshCatalogue()
    expect(currentCatalogue().snapshot.version).toBe(4)
    expect(currentCatalogue().listed).toHaveLength(1)
    for (const fetch of [
      answer({ ...SEED_CATALOGUE, version: 2 }),
      answer({ version: 9, events: 'nope' }),
      answer(undefined, false),
      vi.fn(async () => {
        throw new TypeError('offline')
      }),
    ]) {
      vi.stubGlobal('fetch', fetch)
      await refreshCatalogue()
      expect(currentCatalogue().snapshot.version).toBe(4)
    }
  })

  it('installs the whole catalogue over a page’s part, and lays a newer part over an older whole', async () => {
    const [first, second] = SEED_CATALOGUE.events
    // A page of version 7 carries one event; the whole of version 7 replaces it.
    installCatalogue({ ...SEED_CATALOGUE, version: 7, events: [first!], excerpt: true })
    vi.stubGlobal('fetch', answer({ ...SEED_CATALOGUE, version: 7 }))
    await refreshCatalogue()
    expect([currentCatalogue().snapshot.excerpt, currentCatalogue().events.length]).toEqual([
      undefined,
      SEED_CATALOGUE.events.length,
    ])
    // A page of version 9 shows an event just published; this connection's whole is still version 8.
    const justPublished = { ...second!, id: 'just-published', title: 'Just Published' }
    installCatalogue({ ...SEED_CATALOGUE, version: 9, events: [justPublished], excerpt: true })
    vi.stubGlobal('fetch', answer({ ...SEED_CATALOGUE, version: 8 }))
    await refreshCatalogue()
    const ids = currentCatalogue().events.map((event) => event.id)
    expect(ids).toContain('just-published')
    expect(ids).toContain(first!.id)
    expect(currentCatalogue().snapshot.version).toBe(8)
    // The next whole, version 9, is installed over it.
    vi.stubGlobal('fetch', answer({ ...SEED_CATALOGUE, version: 9, events: [first!, justPublished] }))
    await refreshCatalogue()
    expect([currentCatalogue().snapshot.version, currentCatalogue().events.length]).toEqual([9, 2])
  })

  it('waits for a hanging connection no longer than it is told', async () => {
    vi.useFakeTimers()
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    )
    const waited = refreshedCatalogue(4000)
    await vi.advanceTimersByTimeAsync(4000)
    await expect(waited).resolves.toBeUndefined()
    vi.useRealTimers()
  })
})
