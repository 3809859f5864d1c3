import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page, Route } from '@playwright/test'
import { SEED, SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { availableDates, eventStartInstant, formatLongDate } from '@yaari/domain/schedule'
import { PROJECT_ID } from '../../dev/lib/config.mjs'
import { waitForMail } from '../../dev/lib/mail-inbox.mjs'
import {
  admin,
  apiMember,
  BACKEND,
  controlledByServiceWorker,
  EVENT_PATHS,
  expect,
  expectNoSeriousA11yViolations,
  INFO_PAGES,
  paidThroughApi,
  signedInAs,
  stackJob,
  test,
  unfoldedHeader,
  WITH_SERVICE_WORKER,
} from './support'

/** The page's first image shows and none is broken (offline: they come from the precache). */
async function expectImagesLoaded(page: Page) {
  const images = page.locator('main img')
  await expect.poll(() => images.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  const broken = await images.evaluateAll(
    (all) =>
      all.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0).length,
  )
  expect(broken).toBe(0)
}

test.describe('offline', () => {
  test.use(WITH_SERVICE_WORKER)

  test('the app reloads and navigates offline once the service worker controls it', async ({ page, context }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // registerType 'prompt': the first load is not controlled; wait for the worker, reload once.
    await controlledByServiceWorker(page)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Meet, Mingle & Make friends' })).toBeVisible()
    // The offline notice is on top of the page, not hidden under the header over the hero.
    const notice = page.getByRole('status').filter({ hasText: 'You’re offline.' })
    const box = await notice.boundingBox()
    const topmost = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.textContent ?? '',
      [(box?.x ?? 0) + 8, (box?.y ?? 0) + (box?.height ?? 0) / 2],
    )
    expect(topmost).toContain('You’re offline.')

    // A deep link that was never visited still opens: the shell and route chunks are precached.
    await page.goto('/how-it-works')
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible()
    await context.setOffline(false)
  })

  test('the manifest makes the app installable', async ({ request, page }) => {
    // The pages the server writes link it once their first paint is on screen, as the app's own do.
    for (const path of ['/', '/events', '/about']) {
      await page.goto(path)
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
    }
    const response = await request.get('/manifest.webmanifest')
    expect(response.ok()).toBe(true)
    const manifest = await response.json()
    expect(manifest).toMatchObject({ name: 'Yaari', short_name: 'Yaari', start_url: '/', display: 'standalone' })
    const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
    for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true)
    expect(manifest.screenshots.map((shot: { form_factor: string }) => shot.form_factor)).toEqual(['narrow', 'wide'])
    for (const shot of manifest.screenshots) {
      const image = await request.get(shot.src)
      expect(image.headers()['content-type']).toBe('image/png')
    }
  })

  test('after one online visit, every page a member needs at the venue opens offline, their ticket included', async ({
    page,
    context,
  }) => {
    test.slow()
    // Online once: a member with a paid seat; the team shares the venue; My bookings is opened.
    const member = await apiMember('Asha Rao')
    const { email } = member
    const midweek = SEED.eventById('midweek-wednesday-dinner')!
    // The last date: the one no other test books, since its venue gets shared.
    const { orderId } = await paidThroughApi(member, midweek.id, availableDates(midweek).at(-1)!)
    await signedInAs(page, member)
    const booking = (await admin().collection('bookings').doc(orderId).get()).data()
    const venueBrief = {
      venueName: 'The Long Table',
      address: '12, 100 Feet Road, Indiranagar',
      mapsUrl: 'https://maps.example.test/long-table',
      notes: 'Ask for the Yaari table by the window.',
    }
    // The team's own command (`npm run share-venue`, as built by `npm run build`), at the local stack.
    const { GOOGLE_CLOUD_PROJECT: _, ...local } = process.env
    const { stdout } = await promisify(execFile)(
      'node',
      [
        join(import.meta.dirname, '..', '..', 'dev', 'ops.mjs'),
        'share-venue',
        ...['--event', booking?.event_id, '--date', booking?.event_date, '--venue', venueBrief.venueName],
        ...['--address', venueBrief.address, '--maps', venueBrief.mapsUrl, '--notes', venueBrief.notes],
      ],
      { env: local },
    )
    expect(stdout).toContain(`Shared venue_briefs/${booking?.event_id}_${booking?.event_date}`)
    // The brief's email, once, from 24 hours before: the jobs run as of then, twice.
    const dayBefore = new Date(
      eventStartInstant(booking?.event_date, SEED.eventById(booking?.event_id)!.startTime).getTime() - 23 * 3_600_000,
    )
    for (let run = 0; run < 2; run++) {
      await stackJob('queueReminders', { at: dayBefore })
      await stackJob('deliverMail', { at: dayBefore })
    }
    const briefs = (await waitForMail(email, 2)).filter((mail) => mail.subject.startsWith('Your venue for'))
    expect(briefs.map((mail) => mail.subject)).toEqual([
      `Your venue for Midweek Meetup, ${formatLongDate(booking?.event_date)}`,
    ])
    expect(briefs[0]?.text).toContain('Address: 12, 100 Feet Road, Indiranagar')
    expect(briefs[0]?.text).toContain(`Map: ${venueBrief.mapsUrl}`)
    await page.goto('/my-bookings')
    await controlledByServiceWorker(page)
    const ticket = page.getByRole('listitem').filter({ hasText: orderId })
    await expect(ticket.getByText('The Long Table')).toBeVisible(BACKEND)
    await expectNoSeriousA11yViolations(page)

    // A weak signal: every call to the functions hangs for 30 s. The saved ticket and the venue
    // brief show at once, and the page says it is checking.
    const hang = (route: Route) => setTimeout(() => route.continue().catch(() => {}), 30_000)
    await page.route(`**/${PROJECT_ID}/**`, hang)
    await page.reload()
    // (Well before the hung call could answer: shown from the device, not the network.)
    await expect(ticket.getByText('12, 100 Feet Road, Indiranagar')).toBeVisible({ timeout: 5_000 })
    await expect(page.getByText(/^Updated .+ · checking for changes…$/)).toBeVisible()
    await page.unroute(`**/${PROJECT_ID}/**`, hang)

    await context.setOffline(true)

    // Offline reloads: each page opens from the device.
    await page.reload()
    await expect(ticket.getByText('Confirmed')).toBeVisible(BACKEND)
    await expect(ticket.getByText('12, 100 Feet Road, Indiranagar')).toBeVisible()
    await expect(ticket.getByText('Ask for the Yaari table by the window.')).toBeVisible()
    await expect(ticket.getByRole('link', { name: 'Open in Maps' })).toHaveAttribute('href', venueBrief.mapsUrl)
    await expect(ticket.getByText('What to expect')).toBeVisible()
    await expectNoSeriousA11yViolations(page) // the offline notice and the saved-copy status included

    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Meet, Mingle & Make friends' })).toBeVisible()
    await expectImagesLoaded(page)
    await page.goto('/events')
    await expect(page.getByRole('heading', { level: 1, name: /events/i })).toBeVisible()
    await expectImagesLoaded(page)
    for (const [index, path] of EVENT_PATHS.entries()) {
      const event = SEED_EVENTS.find((e) => path.endsWith(e.id))
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: event?.title })).toBeVisible()
      await expectImagesLoaded(page)
      if (index === 0) await page.reload() // a reload of a deep link, not only a navigation
      await expect(page.getByRole('heading', { level: 1, name: event?.title })).toBeVisible()
    }
    for (const [path, heading, text] of INFO_PAGES) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.getByText(text).first()).toBeVisible()
    }

    // Offline navigation inside the app, as a member taps through it.
    await page.goto('/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Safety Center' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Safety Center' })).toBeVisible()
    await page.getByRole('contentinfo').getByRole('link', { name: 'Events' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /events/i })).toBeVisible()
    await (await unfoldedHeader(page)).getByRole('link', { name: 'My bookings' }).click()
    await expect(ticket.getByText('The Long Table')).toBeVisible(BACKEND)

    // Booking another seat says plainly that it needs a connection.
    await page.goto('/events/first-hello-stranger-meetup')
    await page.getByRole('button', { name: /Girls/ }).click()
    const dateDialog = page.getByRole('dialog', { name: 'Select a date' })
    await dateDialog.locator('label').first().click()
    await dateDialog.getByRole('button', { name: 'Continue' }).click()
    const form = page.getByRole('dialog', { name: 'Book your seat' })
    await expect(form.getByText('You are offline. Booking needs a connection;', { exact: false })).toBeVisible(BACKEND)
    await expectNoSeriousA11yViolations(page)
    // Back online, the form loads by itself; offline again, paying says so and keeps every answer.
    await context.setOffline(false)
    await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rao', BACKEND)
    await form.getByRole('textbox', { name: 'Full name' }).fill('Asha Rani')
    await form.getByText('I accept the terms and conditions').click()
    await context.setOffline(true)
    await form.getByRole('button', { name: 'Pay and book' }).click()
    await expect(form.getByText('You are offline. Booking needs a connection; your details are kept.')).toBeVisible()
    await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rani')
    await expect(form.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeChecked()

    // Calls to the functions were never cached; only the app's own files are.
    const cached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
      }
      return urls
    })
    expect(cached.length).toBeGreaterThan(50)
    expect(cached.filter((url) => new URL(url).origin !== new URL(page.url()).origin)).toEqual([])
    await context.setOffline(false)
    // Leave no shared venue behind for tests that book this date on a stack that keeps running.
    await admin().doc(`venue_briefs/${booking?.event_id}_${booking?.event_date}`).delete()
  })
})
