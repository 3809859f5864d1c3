/**
 * The door's camera loop: the back camera into a <video>, each frame read by the QR decoder while
 * not paused, and every code passed on once while it stays in view. The camera stops when the
 * component using it unmounts.
 */
import { type RefObject, useEffect, useRef, useState } from 'react'
import { qrReader } from './scanner'

/** A code seen again within this long is the same guest still in front of the camera. */
const SAME_CODE_MS = 4_000

export type ScannerState = 'starting' | 'on' | 'denied' | 'none'

export function useQrScanner({ paused, onCode }: { paused: boolean; onCode: (code: string) => void }): {
  video: RefObject<HTMLVideoElement | null>
  state: ScannerState
} {
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<ScannerState>('starting')
  const latest = useRef({ paused, onCode, last: '', lastAt: 0 })
  latest.current.paused = paused
  latest.current.onCode = onCode
  useEffect(() => {
    let stopped = false
    let stream: MediaStream | undefined
    let frame = 0
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      } catch (error) {
        setState((error as { name?: string }).name === 'NotAllowedError' ? 'denied' : 'none')
        return
      }
      const element = video.current
      if (stopped || !element) return
      element.srcObject = stream
      await element.play().catch(() => undefined)
      const reader = await qrReader()
      setState('on')
      const tick = async () => {
        if (stopped) return
        const seen = latest.current
        if (!seen.paused && element.readyState >= 2) {
          const codes = await reader.read(element).catch(() => [] as string[])
          const code = codes[0]
          const now = performance.now()
          if (code && !(code === seen.last && now - seen.lastAt < SAME_CODE_MS)) {
            performance.mark('door-code-read')
            seen.onCode(code)
          }
          if (code) {
            seen.last = code
            seen.lastAt = now
          }
        }
        frame = requestAnimationFrame(() => void tick())
      }
      void tick()
    })()
    return () => {
      stopped = true
      cancelAnimationFrame(frame)
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [])
  return { video, state }
}
