/**
 * An installed app can stay open for days. The browser looks for a new service worker only on
 * navigations, so the app asks too: every hour, and when it comes back into view (the member
 * returns to the tab or the home-screen app), at most once a minute and only when online.
 * What a check finds is offered by the update prompt, as any other update.
 */
export const UPDATE_CHECK_EVERY_MS = 60 * 60_000
export const MIN_CHECK_GAP_MS = 60_000

export interface UpdateCheckEnvironment {
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'>
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
  isOnline: () => boolean
  now: () => number
}

const browser = (): UpdateCheckEnvironment => ({
  window,
  document,
  isOnline: () => navigator.onLine,
  now: Date.now,
})

/** Starts the checks for `registration`; returns what stops them. */
export function checkForUpdates(
  registration: Pick<ServiceWorkerRegistration, 'update' | 'installing'>,
  env: UpdateCheckEnvironment = browser(),
): () => void {
  let lastCheck = Number.NEGATIVE_INFINITY
  const check = () => {
    if (!env.isOnline() || registration.installing) return
    if (env.now() - lastCheck < MIN_CHECK_GAP_MS) return
    lastCheck = env.now()
    // A failed check (a flaky connection) is simply tried again at the next occasion.
    registration.update().catch(() => undefined)
  }
  const onVisible = () => {
    if (env.document.visibilityState === 'visible') check()
  }
  const timer = env.window.setInterval(check, UPDATE_CHECK_EVERY_MS)
  env.window.addEventListener('focus', check)
  env.document.addEventListener('visibilitychange', onVisible)
  return () => {
    env.window.clearInterval(timer)
    env.window.removeEventListener('focus', check)
    env.document.removeEventListener('visibilitychange', onVisible)
  }
}
