import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkForUpdates, MIN_CHECK_GAP_MS, UPDATE_CHECK_EVERY_MS, type UpdateCheckEnvironment } from './update-checks'

describe('checkForUpdates', () => {
  let online = true
  let visibility: DocumentVisibilityState = 'visible'
  let win: EventTarget
  let doc: EventTarget
  const update = vi.fn(() => Promise.resolve(undefined as unknown as ServiceWorkerRegistration))
  let stop: () => void

  beforeEach(() => {
    vi.useFakeTimers()
    online = true
    visibility = 'visible'
    update.mockClear()
    win = Object.assign(new EventTarget(), { setInterval, clearInterval })
    doc = Object.defineProperty(new EventTarget(), 'visibilityState', { get: () => visibility })
    const env: UpdateCheckEnvironment = {
      window: win as unknown as UpdateCheckEnvironment['window'],
      document: doc as unknown as UpdateCheckEnvironment['document'],
      isOnline: () => online,
      now: Date.now,
    }
    stop = checkForUpdates({ update, installing: null }, env)
  })
  afterEach(() => {
    stop()
    vi.useRealTimers()
  })

  it('asks for a new version every hour', () => {
    vi.advanceTimersByTime(UPDATE_CHECK_EVERY_MS - 1)
    expect(update).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(update).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(UPDATE_CHECK_EVERY_MS)
    expect(update).toHaveBeenCalledTimes(2)
  })

  it('asks when the app regains focus or comes back into view, at most once a minute', () => {
    vi.advanceTimersByTime(MIN_CHECK_GAP_MS)
    win.dispatchEvent(new Event('focus'))
    expect(update).toHaveBeenCalledTimes(1)
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(update).toHaveBeenCalledTimes(1) // a second later: not again
    vi.advanceTimersByTime(MIN_CHECK_GAP_MS)
    visibility = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(update).toHaveBeenCalledTimes(1) // hidden: nobody to show it to
    visibility = 'visible'
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(update).toHaveBeenCalledTimes(2)
  })

  it('does not ask offline, and stops when told to', () => {
    online = false
    vi.advanceTimersByTime(UPDATE_CHECK_EVERY_MS)
    win.dispatchEvent(new Event('focus'))
    expect(update).not.toHaveBeenCalled()
    online = true
    stop()
    vi.advanceTimersByTime(UPDATE_CHECK_EVERY_MS * 3)
    win.dispatchEvent(new Event('focus'))
    expect(update).not.toHaveBeenCalled()
  })
})
