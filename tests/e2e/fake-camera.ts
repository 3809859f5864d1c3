/**
 * A camera for Chromium's fake capture device (--use-file-for-fake-video-capture): a Y4M video,
 * written here, that shows each code in turn (a QR drawn as the ticket draws it) with a blank
 * moment between them, as guests stepping up to the door do. Chromium plays it in a loop.
 */
import { writeFileSync } from 'node:fs'
import { type Browser, chromium } from '@playwright/test'
import { correction, generate, mode } from 'lean-qr'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../dev/lib/chromium.mjs'

const WIDTH = 640
const HEIGHT = 480
const FPS = 10
/** Each code is in view this long, then nothing this long. */
const SHOWN_FRAMES = 15
const BLANK_FRAMES = 8

/** One video frame (luma only: a grey world) with the QR code of `text` in the middle, or nothing. */
function frame(text: string | undefined): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 200) // a pale wall
  if (text) {
    const data = mode.alphaNumeric.test(text) ? mode.alphaNumeric(text) : text
    const code = generate(data, { minCorrectionLevel: correction.M })
    const quiet = 4
    const scale = Math.floor((Math.min(WIDTH, HEIGHT) * 0.8) / (code.size + 2 * quiet))
    const side = (code.size + 2 * quiet) * scale
    const left = Math.floor((WIDTH - side) / 2)
    const top = Math.floor((HEIGHT - side) / 2)
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const mx = Math.floor(x / scale) - quiet
        const my = Math.floor(y / scale) - quiet
        luma[(top + y) * WIDTH + left + x] = code.get(mx, my) ? 16 : 235
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128)
  return Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
}

/** Writes the video of `codes` to `file`. */
export function writeCodesVideo(file: string, codes: readonly string[]) {
  const frames: Buffer[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`)]
  for (const code of codes) {
    const shown = frame(code)
    const blank = frame(undefined)
    for (let i = 0; i < SHOWN_FRAMES; i++) frames.push(shown)
    for (let i = 0; i < BLANK_FRAMES; i++) frames.push(blank)
  }
  writeFileSync(file, Buffer.concat(frames))
}

/** Debian's Chromium whose camera films `file` (and may be used without asking). */
export function browserWithCamera(file: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  })
}
