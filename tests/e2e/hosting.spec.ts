/**
 * firebase.json is the one source of the site's headers: the preview the tests run against must
 * send exactly what it declares (with only the local stack's servers added to the CSP), for
 * pages, the app shell, the service worker and hashed assets alike.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { previewHeaders, readHostingHeaderRules } from '../../src/prerender/hosting'
import { expect, test } from './support'

const ROOT = join(import.meta.dirname, '..', '..')
const rules = readHostingHeaderRules()
const asset = `/assets/${readdirSync(join(ROOT, 'dist', 'assets')).find((file) => file.endsWith('.js'))}`

test('the preview serves the headers firebase.json declares', async ({ request }) => {
  for (const path of ['/', '/events', '/events/midweek-wednesday-dinner', '/my-bookings', '/sw.js', asset]) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    const declared = previewHeaders(path, rules)
    expect(Object.keys(declared).length, path).toBeGreaterThan(1)
    for (const [key, value] of Object.entries(declared)) expect(response.headers()[key], `${path}: ${key}`).toBe(value)
  }
})

test("a page may call its own project's functions only: another project's are refused by its own policy", async ({
  page,
  cspViolations,
}) => {
  await page.goto('/events')
  const other = 'https://asia-south1-someone-else.cloudfunctions.net/getBooking'
  const blocked = await page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), {
          once: true,
        })
        fetch(url).catch(() => undefined)
      }),
    other,
  )
  expect(blocked).toBe('connect-src')
  // The firebase.json header alone allows any *.cloudfunctions.net: this page's own <meta> refused it.
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
  expect(policy).toContain('https://asia-south1-demo-yaari.cloudfunctions.net')
  cspViolations.length = 0 // the one violation this test made on purpose
})
