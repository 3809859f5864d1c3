// @ts-check
/**
 * The door, for `npm run bench`: the time from a guest's QR code coming into the camera's view to
 * the verdict on the door phone's screen, in Door mode readied for a date with a paid booking. The
 * camera is a canvas stream the bench draws on (getUserMedia answers it), so the moment the code
 * is in view is known to the millisecond: the bench draws it, the page notes the time, and the
 * verdict's first painted frame ends the run. Each run shows the real pass or a forged one in
 * turn (a code seen again at once is the same guest still in view, which the door ignores), after
 * a blank moment. The median of DOOR.runs runs after a warm-up, with the CPU slowed 4x and to
 * Lighthouse's mid-tier phone as calibrated to this host (decision 0004; the budget applies to it).
 * Also the size of Door mode's own chunk and of the decoder it loads where the browser has no
 * BarcodeDetector (gzip).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { correction, generate, mode } from 'lean-qr'
import { ROOT } from '../lib/config.mjs'
import { DEMO_ACCOUNTS } from '../lib/demo-accounts.mjs'
import { DOOR } from './budgets.mjs'
import { slowedRuns } from './slowed-runs.mjs'
import { paidMember, signInOnPage } from './ticket.mjs'

/** The QR code of `text` as rows of 0/1 modules, with its quiet zone. @param {string} text */
function modules(text) {
  const code = generate(mode.alphaNumeric.test(text) ? mode.alphaNumeric(text) : text, {
    minCorrectionLevel: correction.M,
  })
  const quiet = 4
  return Array.from({ length: code.size + 2 * quiet }, (_, y) =>
    Array.from({ length: code.size + 2 * quiet }, (_, x) => (code.get(x - quiet, y - quiet) ? 1 : 0)),
  )
}

/** The pass with one byte changed, its signature kept (a forgery). @param {string} credential */
async function forged(credential) {
  const { importTypeScript } = await import('../lib/typescript.mjs')
  // A pass names its event by the catalogue's number: the seed's, which the stack starts with.
  const { decodePass, passCredential } = await importTypeScript(
    {
      contents: [
        "import { SEED } from './packages/domain/src/catalogue-seed'",
        "import { decodePass as decodeWith } from './packages/domain/src/pass'",
        'export const decodePass = (credential: string) => decodeWith(SEED, credential)',
        "export { passCredential } from './packages/domain/src/pass'",
      ].join('\n'),
    },
    'door-pass',
  )
  const decoded = decodePass(credential)
  const payload = decoded.payload.slice()
  payload[payload.length - 2] ^= 1
  return passCredential(payload, decoded.signature)
}

/** In the page, before the app: a camera that films a canvas, and a watch for the verdict. */
const FAKE_CAMERA = () => {
  const canvas = document.createElement('canvas')
  canvas.width = 640
  canvas.height = 480
  const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'))
  const blank = () => {
    context.fillStyle = '#c8c8c8'
    context.fillRect(0, 0, canvas.width, canvas.height)
  }
  blank()
  const stream = canvas.captureStream(30)
  // A stream's frames are only produced while something changes; a tick keeps it filming.
  setInterval(() => {
    context.fillStyle = '#c8c8c8'
    context.fillRect(0, 0, 1, 1)
  }, 33)
  navigator.mediaDevices.getUserMedia = async () => stream
  Object.assign(window, {
    __blank: blank,
    /** @param {number[][]} rows */
    __show(rows) {
      blank()
      const scale = Math.floor(380 / rows.length)
      const left = (canvas.width - rows.length * scale) / 2
      const top = (canvas.height - rows.length * scale) / 2
      context.fillStyle = '#ffffff'
      context.fillRect(left, top, rows.length * scale, rows.length * scale)
      context.fillStyle = '#000000'
      rows.forEach((row, y) => {
        row.forEach((on, x) => {
          if (on) context.fillRect(left + x * scale, top + y * scale, scale, scale)
        })
      })
      Object.assign(window, { __inViewAt: performance.now(), __verdictAt: undefined })
    },
  })
  new MutationObserver(() => {
    const verdict = document.querySelector('[role="alertdialog"][data-verdict]')
    const at = /** @type {any} */ (window).__inViewAt
    if (verdict && at !== undefined && /** @type {any} */ (window).__verdictAt === undefined) {
      Object.assign(window, { __verdictAt: null })
      requestAnimationFrame(() => Object.assign(window, { __verdictAt: performance.now() }))
    }
  }).observe(document, { childList: true, subtree: true })
}

/**
 * @param {import('@playwright/test').Browser} browser @param {string} appUrl
 * @param {{ eventId: string, eventDate: string, codes: number[][][] }} door @param {number | 'calibrated'} slowdown
 */
async function timesToVerdict(browser, appUrl, door, slowdown) {
  const host = DEMO_ACCOUNTS.find((account) => !account.claims.admin)
  if (!host) throw new Error('no demo host')
  const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 360, height: 780 }, hasTouch: true })
  try {
    await context.addInitScript(FAKE_CAMERA)
    const page = await context.newPage()
    await signInOnPage(page, appUrl, host)
    await page.goto(`/host/${door.eventId}/${door.eventDate}/door`)
    await page.getByRole('button', { name: /Get ready for the door|Save the list again/ }).click()
    await page.getByText(/^Ready: /).waitFor({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Start the camera' }).click()
    await page.getByText('Hold the guest’s ticket QR code in view.').waitFor({ timeout: 30_000 })

    return await slowedRuns(context, page, slowdown, DOOR.runs, async (run) => {
      const next = page.getByRole('button', { name: 'Next guest' })
      if (await next.isVisible()) await next.click()
      await page.evaluate(() => /** @type {any} */ (window).__blank())
      await page.waitForTimeout(400) // the guest steps up
      await page.evaluate((rows) => /** @type {any} */ (window).__show(rows), door.codes[run % door.codes.length])
      const shown = await page.waitForFunction(
        () => {
          const w = /** @type {any} */ (window)
          return typeof w.__verdictAt === 'number' && w.__verdictAt - w.__inViewAt
        },
        undefined,
        { timeout: 20_000 },
      )
      return Math.round(Number(await shown.jsonValue()))
    })
  } finally {
    await context.close()
  }
}

/**
 * Gzip bytes of the built chunk `name` (its file is `<name>-<hash>.<ext>`). A chunk not found is an
 * error, not 0 bytes: a renamed chunk must not pass its budget unweighed.
 * @param {string} name @param {string} ext
 */
function builtSize(name, ext) {
  const assets = join(ROOT, 'dist', 'assets')
  const named = new RegExp(`^${name}-[\\w-]{7,8}\\.${ext}$`)
  const files = readdirSync(assets).filter((file) => named.test(file))
  if (files.length !== 1) throw new Error(`dist/assets has ${files.length} files for the chunk ${name}.${ext}`)
  return gzipSync(readFileSync(join(assets, String(files[0])))).length
}

/** @param {import('@playwright/test').Browser} browser @param {string} appUrl */
export async function measureDoor(browser, appUrl) {
  const guest = await paidMember()
  if (!guest.pass) throw new Error('the paid booking has no pass')
  const door = {
    eventId: guest.eventId,
    eventDate: guest.eventDate,
    codes: [modules(guest.pass.credential), modules(await forged(guest.pass.credential))],
  }
  /** @type {Record<string, Awaited<ReturnType<typeof timesToVerdict>>>} */
  const scan = {}
  for (const slowdown of DOOR.slowdowns) {
    scan[slowdown === 'calibrated' ? 'calibrated' : `${slowdown}x`] = await timesToVerdict(
      browser,
      appUrl,
      door,
      slowdown,
    )
  }
  return {
    budgetMs: DOOR.budgetMs,
    inViewToVerdict: scan,
    chunkGzipBytes: {
      door: builtSize('door', 'js'),
      decoder: builtSize('ponyfill', 'js'),
      decoderWasm: builtSize('zxing_reader', 'wasm'),
    },
  }
}
