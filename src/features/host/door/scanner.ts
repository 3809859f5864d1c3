/**
 * Reading QR codes from the camera: the browser's own BarcodeDetector (the Shape Detection API)
 * where it reads QR codes, otherwise the barcode-detector polyfill, whose ZXing WebAssembly is
 * one of our own assets (never a CDN), loaded only in Door mode. Readying the door fetches it, so
 * the scanner starts with no signal.
 */

/** What both detectors offer: the text of each code in a frame. */
export interface QrReader {
  read(source: HTMLVideoElement | HTMLCanvasElement | ImageBitmap): Promise<string[]>
  /** native: the browser's; polyfill: ZXing in WebAssembly. */
  kind: 'native' | 'polyfill'
}

interface DetectorLike {
  detect(source: unknown): Promise<{ rawValue: string }[]>
}
type DetectorClass = {
  new (options: { formats: string[] }): DetectorLike
  getSupportedFormats(): Promise<string[]>
}

let reader: Promise<QrReader> | undefined

async function nativeDetector(): Promise<DetectorLike | undefined> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (!Native) return undefined
  const formats: string[] = await Native.getSupportedFormats().catch(() => [])
  return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : undefined
}

/** The wasm file's address among our own assets. */
async function zxingWasmUrl(): Promise<string> {
  return (await import('zxing-wasm/reader/zxing_reader.wasm?url')).default
}

async function polyfillDetector(): Promise<DetectorLike> {
  const [{ BarcodeDetector, prepareZXingModule }, wasmUrl] = await Promise.all([
    import('barcode-detector/ponyfill'),
    zxingWasmUrl(),
  ])
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  })
  return new BarcodeDetector({ formats: ['qr_code'] })
}

/** The QR reader for this browser, made once. */
export function qrReader(): Promise<QrReader> {
  reader ??= (async () => {
    const native = await nativeDetector()
    const detector = native ?? (await polyfillDetector())
    return {
      kind: native ? 'native' : 'polyfill',
      read: async (source) => (await detector.detect(source)).map((code) => code.rawValue),
    } satisfies QrReader
  })()
  reader.catch(() => {
    reader = undefined
  })
  return reader
}

/** Fetches what the scanner needs so it is in the phone's cache before the signal goes. */
export async function prefetchScanner(): Promise<void> {
  if (await nativeDetector()) return
  const url = await zxingWasmUrl()
  const cache = await caches.open(SCANNER_CACHE)
  if (!(await cache.match(url))) await cache.add(url)
}

/** The cache the service worker serves the scanner's wasm from (vite.config.ts names the same). */
const SCANNER_CACHE = 'yaari-door-scanner'
