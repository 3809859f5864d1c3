/**
 * Loading what a part of the page will need once the member shows interest in it: when they scroll
 * while it is in view (seeing it on arrival is not enough), after the next paint, once.
 */
import { type RefObject, useEffect } from 'react'
import { afterNextPaint } from '../../lib/after-paint'

/** Calls `preload` once the member scrolls with `part` in view, from the time `ready` is true. */
export function usePreloadWhenScrolledTo(part: RefObject<HTMLElement | null>, ready: boolean, preload: () => unknown) {
  useEffect(() => {
    const section = part.current
    if (!ready || !section || typeof IntersectionObserver !== 'function') return
    let inView = false
    let scrolled = false
    const stop = () => {
      observer.disconnect()
      window.removeEventListener('scroll', onScroll)
    }
    const maybeLoad = () => {
      if (!inView || !scrolled) return
      stop()
      afterNextPaint(() => void preload())
    }
    const onScroll = () => {
      scrolled = true
      maybeLoad()
    }
    const observer = new IntersectionObserver((entries) => {
      inView = entries.some((entry) => entry.isIntersecting)
      maybeLoad()
    })
    observer.observe(section)
    window.addEventListener('scroll', onScroll, { passive: true })
    return stop
  }, [part, ready, preload])
}
