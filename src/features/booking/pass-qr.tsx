/**
 * The pass as a QR code: an inline SVG (no image request, nothing for the CSP to allow), drawn
 * from lean-qr's modules at error-correction level M or higher when the chosen size has room,
 * with the standard 4-module quiet zone. Loaded only by the ticket page.
 */
import { correction, generate } from 'lean-qr'
import { toSvgPath } from 'lean-qr/extras/svg'
import { useMemo } from 'react'
import { css } from 'styled-system/css'

const QUIET_ZONE = 4

/** The QR code of `credential`: its modules' outline, its size in modules and its version. */
export function passQrCode(credential: string) {
  const code = generate(credential, { minCorrectionLevel: correction.M })
  return { path: toSvgPath(code), size: code.size, version: (code.size - 17) / 4, correction: correction.M }
}

export function PassQr({ credential, label }: { credential: string; label: string }) {
  const { path, size } = useMemo(() => passQrCode(credential), [credential])
  const box = size + QUIET_ZONE * 2
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}
      shapeRendering="crispEdges"
      className={css({ w: 'full', maxW: '18rem', aspectRatio: 'square', bg: 'white', borderRadius: 'l2' })}
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
