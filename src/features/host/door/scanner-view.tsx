/** The door's camera: the scanner's video and what it says, passing each code read on once while it stays in view. */
import { css } from 'styled-system/css'
import { text } from 'styled-system/recipes'
import { useQrScanner } from './use-qr-scanner'

/** The camera and the decoder: every code read is passed on once while it stays in view. */
export function Scanner({ paused, onCode }: { paused: boolean; onCode: (code: string) => void }) {
  const { video, state } = useQrScanner({ paused, onCode })
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
