import { expect, it, vi } from 'vitest'
import { reloadOnStaleChunks } from './stale-version'

it('reloads once when a chunk of the old version is gone, and not again within a minute', () => {
  const target = new EventTarget()
  const stored = new Map<string, string>()
  const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => stored.set(k, v) }
  const reload = vi.fn()
  let clock = 1_000_000
  reloadOnStaleChunks(
    target as unknown as Window,
    storage,
    reload,
    () => clock,
    () => true,
  )

  target.dispatchEvent(new Event('vite:preloadError'))
  expect(reload).toHaveBeenCalledTimes(1)
  clock += 5_000
  target.dispatchEvent(new Event('vite:preloadError'))
  expect(reload).toHaveBeenCalledTimes(1)
  clock += 60_000
  target.dispatchEvent(new Event('vite:preloadError'))
  expect(reload).toHaveBeenCalledTimes(2)
})

it('does not reload offline: the chunk is missing for want of a network, not a new version', () => {
  const target = new EventTarget()
  const stored = new Map<string, string>()
  const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => stored.set(k, v) }
  const reload = vi.fn()
  let online = false
  reloadOnStaleChunks(
    target as unknown as Window,
    storage,
    reload,
    () => 1_000_000,
    () => online,
  )

  target.dispatchEvent(new Event('vite:preloadError'))
  expect(reload).not.toHaveBeenCalled()
  online = true
  target.dispatchEvent(new Event('vite:preloadError'))
  expect(reload).toHaveBeenCalledTimes(1)
})
