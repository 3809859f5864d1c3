/**
 * Keeps the phone's screen on while the door is open (the Screen Wake Lock API): a host between two
 * guests should not find a dark, locked phone. The browser lets go of the lock whenever the page is
 * hidden, so it is asked for again when the page comes back; it is released when the door closes.
 */
import { useEffect, useState } from 'react'

export type WakeLockState = 'on' | 'unsupported' | 'refused' | 'off'

export const WAKE_LOCK_WORDS: Record<Exclude<WakeLockState, 'off'>, string> = {
  on: 'The screen stays on while the door is open.',
  unsupported:
    'This browser cannot keep the screen on: set the phone’s screen timeout longer, or tap it between guests.',
  refused: 'The screen could not be kept on (battery saver?): tap it between guests.',
}

/** Holds a screen wake lock while `active`; what came of asking. */
export function useWakeLock(active: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>('off')
  useEffect(() => {
    if (!active) return setState('off')
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLock }).wakeLock
    if (!wakeLock) return setState('unsupported')
    let sentinel: WakeLockSentinel | undefined
    let closed = false
    const ask = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return
      try {
        const held = await wakeLock.request('screen')
        if (closed) return void held.release()
        sentinel = held
        setState('on')
      } catch {
        setState('refused')
      }
    }
    void ask()
    document.addEventListener('visibilitychange', ask)
    return () => {
      closed = true
      document.removeEventListener('visibilitychange', ask)
      void sentinel?.release()
    }
  }, [active])
  return state
}
