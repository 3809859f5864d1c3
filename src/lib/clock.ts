import { useMemo, useSyncExternalStore } from 'react'

/**
 * The time pages render dates against ("Tomorrow", the next date an event runs), to the minute.
 *
 * Public pages are prerendered at build time and hydrated in the browser. While hydrating, the
 * page must render exactly what the HTML holds, so it first uses the time the HTML was rendered
 * at (see setRenderedAt), then at once re-renders with the browser's clock; it follows the clock
 * each minute after that, so a page left open past midnight moves on by itself.
 */
const MINUTE_MS = 60_000

let renderedAt: number | undefined

/** The prerender's time: the build calls this before rendering, the browser before hydrating. */
export function setRenderedAt(ms: number | undefined): void {
  renderedAt = ms === undefined ? undefined : toMinute(ms)
}

function toMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS
}

function browserTime(): number {
  return toMinute(Date.now())
}

function subscribe(listener: () => void): () => void {
  const timer = setInterval(listener, MINUTE_MS / 4)
  document.addEventListener('visibilitychange', listener)
  return () => {
    clearInterval(timer)
    document.removeEventListener('visibilitychange', listener)
  }
}

/** The current time to the minute, stable between renders within a minute. */
export function useNow(): Date {
  const ms = useSyncExternalStore(subscribe, browserTime, () => renderedAt ?? browserTime())
  return useMemo(() => new Date(ms), [ms])
}
