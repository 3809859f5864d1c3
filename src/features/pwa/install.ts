/**
 * Adding Yaari to the home screen. Chromium browsers fire `beforeinstallprompt` once, early:
 * it is caught here at start-up and kept until the member asks to install. iOS Safari has no
 * such event; there the app explains Share -> Add to Home Screen instead.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferred: InstallPromptEvent | undefined
let installed = false
/** What useInstallOption returns: recomputed on every change, stable in between. */
const NONE: InstallOption = { kind: 'none' }
// The prerendered HTML has no install option: the store starts on none (React hydrates to its
// initial state), then shows the real one.
const option = createStore<{ option: InstallOption }>(() => ({ option: NONE }))
const notify = () => option.setState({ option: installOption() })

/** Starts listening (once, from the root layout). */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault() // show our own button instead of the browser's mini-infobar
    deferred = event as InstallPromptEvent
    notify()
  })
  target.addEventListener('appinstalled', () => {
    deferred = undefined
    installed = true
    notify()
  })
  notify()
}

export type InstallOption = { kind: 'prompt'; install: () => Promise<void> } | { kind: 'ios' } | { kind: 'none' }

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

/** How this browser can add the app to the home screen, if it can and it is not there yet. */
function installOption(): InstallOption {
  if (installed || isStandalone()) return { kind: 'none' }
  if (deferred) {
    const event = deferred
    return {
      kind: 'prompt',
      install: async () => {
        await event.prompt()
        const { outcome } = await event.userChoice
        if (outcome === 'accepted') installed = true
        deferred = undefined // the event can be used once
        notify()
      },
    }
  }
  const ios = /iphone|ipad|ipod/i.test(navigator.userAgent) && !/crios|fxios/i.test(navigator.userAgent)
  return ios ? { kind: 'ios' } : { kind: 'none' }
}

export const useInstallOption = (): InstallOption => useStore(option, (state) => state.option)
