/** The door's camera: the scanner's video and what it says, passing each code read on once while it stays in view. */
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { text } from 'styled-system/recipes'
import { qrReader } from './scanner'

/** A code seen again within this long is the same guest still in front of the camera. */
const SAME_CODE_MS = 4_000

/** The camera and the decoder: every code read is passed on once while it stays in view. */
export function Scanner({ paused, onCode }: { paused: boolean; onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<'starting' | 'on' | 'denied' | 'none'>('starting')
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
  return (
    <div>
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera: hold the guest’s ticket QR code in view"
        className={css({ w: 'full', maxH: '60vh', bg: 'black', borderRadius: 'l2', objectFit: 'cover' })}
      />
      <p role="status" className={text({ size: 'sm', tone: 'muted' })}>
        {state === 'starting'
          ? 'Starting the camera…'
          : state === 'on'
            ? 'Hold the guest’s ticket QR code in view.'
            : state === 'denied'
              ? 'The camera is not allowed for this site. Allow it in the browser’s settings, or check guests in by name.'
              : 'No camera found. Check guests in by name.'}
      </p>
    </div>
  )
}
