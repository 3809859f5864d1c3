/**
 * The pass as a QR code, drawn by lean-qr into a canvas at one pixel per module (the standard
 * 4-module quiet zone included) and scaled up by CSS without smoothing: a phone paints it at once,
 * with no image request and nothing for the CSP to allow. Error-correction level M, or higher
 * when the size chosen has room. Loaded only by the ticket page.
 *
 * Choosing the mask pattern the standard prefers means drawing all eight and scoring each, ten
 * times the work of drawing one. So the first frame draws one fixed mask (a valid code every reader
 * decodes), and the preferred one replaces it once the page is idle.
 */
import { correction, generate, type Mask, mode } from 'lean-qr'
import { useLayoutEffect, useRef } from 'react'
import { css } from 'styled-system/css'

const QUIET_ZONE = 4
/** The mask of the first frame: any is valid. */
const FIRST_FRAME_MASK: Mask = 0

/**
 * The QR code of `credential`, with the mask the standard's scoring picks unless `mask` fixes one.
 * A pass is written in Base45 to fit the alphanumeric mode, so it is encoded in it directly (lean-qr's
 * search for the best mix of modes costs ten times the rest of the drawing).
 */
export function passQrCode(credential: string, mask: Mask | null = null) {
  const data = mode.alphaNumeric.test(credential) ? mode.alphaNumeric(credential) : credential
  const code = generate(data, { minCorrectionLevel: correction.M, mask })
  return { code, size: code.size, version: (code.size - 17) / 4, correction: correction.M }
}

const draw = (canvas: HTMLCanvasElement, credential: string, mask: Mask | null) =>
  passQrCode(credential, mask).code.toCanvas(canvas, {
    on: [0, 0, 0, 255],
    off: [255, 255, 255, 255],
    pad: QUIET_ZONE,
  })

export function PassQr({ credential, label }: { credential: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  // Drawn before the browser paints the page, so the code is there in its first frame.
  useLayoutEffect(() => {
    const target = canvas.current
    if (!target) return
    draw(target, credential, FIRST_FRAME_MASK)
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 50))
    const cancel = window.cancelIdleCallback ?? window.clearTimeout
    const handle = idle(() => draw(target, credential, null))
    return () => cancel(handle)
  }, [credential])
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      className={css({
        w: 'full',
        maxW: '18rem',
        aspectRatio: 'square',
        bg: 'white',
        borderRadius: 'l2',
        imageRendering: 'pixelated',
      })}
    />
  )
}
