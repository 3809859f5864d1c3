import { useEffect, useState } from 'react'

/**
 * False until the browser has first been idle after this component mounted (at most
 * `timeoutMs` later): for work that should not compete with a page's start-up, such as
 * registering the service worker, whose install downloads the whole app in the background.
 */
export function useIdleAfterMount(timeoutMs = 4000): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 0)
      return () => clearTimeout(timer)
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs })
    return () => cancelIdleCallback(handle)
  }, [timeoutMs])
  return idle
}
