/**
 * The catalogue is the team's to run: an admin adds a city and an event from the console at 360 px,
 * previews and publishes it; visitors find it, crawlers read its page without script, members book
 * it at its price; a later price change leaves a paid booking's price alone; it opens offline after
 * one visit; a host of another city cannot reach it in the console.
 */
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { functionUrl, HOST, stackPorts } from '../../dev/lib/config.mjs'
import { DEMO_ACCOUNTS } from '../../dev/lib/demo-accounts.mjs'
import {
  BACKEND,
  controlledByServiceWorker,
  expect,
  expectNoSeriousA11yViolations,
  onboardedMember,
  signInAt,
  test,
  WITH_SERVICE_WORKER,
} from './support'

const adminAccount = DEMO_ACCOUNTS.find((account) => account.claims.admin)!
const hostAccount = DEMO_ACCOUNTS.find((account) => !account.claims.admin)!
// The address is the title's; a stack kept running between runs already has one from before.
const slug = `mumbai-sunday-brunch-${randomUUID().slice(0, 6)}`
const TITLE = 'Mumbai Sunday Brunch'

test.use({ viewport: { width: 360, height: 780 } })

test.describe
  .serial('an event published from the console', () => {
    test('an admin adds Mumbai and its Sunday brunch, with a cover, previews it and publishes it', async ({ page }) => {
      test.slow()
      await signInAt(page, adminAccount.email, adminAccount.password)
      await expect(page).toHaveURL(/\/$/, BACKEND)
      await page.goto('/host')
      await page.getByRole('link', { name: 'Catalogue' }).click()
      await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toBeVisible(BACKEND)

      await page.getByRole('textbox', { name: 'City name' }).fill('Mumbai')
      await page.getByRole('button', { name: 'Save city' }).click()
      await expect(page.getByText('Mumbai (mumbai): live')).toBeVisible(BACKEND)

      await page.getByRole('link', { name: 'New event' }).click()
      await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible(BACKEND)
      await page.getByRole('textbox', { name: 'Title' }).fill(TITLE)
      await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('mumbai-sunday-brunch')
      await page.getByRole('textbox', { name: 'Address' }).fill(slug)
      await page.getByRole('combobox', { name: 'City' }).selectOption({ label: 'Mumbai' })
      await page.getByRole('combobox', { name: 'Category' }).selectOption('Food & Drink')
      await page.getByRole('textbox', { name: 'Kind' }).fill('Sunday Brunch')
      await page
        .getByRole('textbox', { name: 'Description' })
        .fill('A long, easy Sunday brunch with a small table of new people by the sea.')
      await page
        .getByRole('textbox', { name: /What to expect/ })
        .fill('A host who introduces everyone\nBrunch for the table')
      await page.getByRole('textbox', { name: 'Group size' }).fill('6-8 guests')
      await page.getByRole('textbox', { name: 'Venue area' }).fill('Bandra West')
      // A price of 0 gets the field's message, and nothing typed is lost.
      await page.getByRole('textbox', { name: 'Girls price (₹)' }).fill('0')
      await page.getByRole('textbox', { name: 'Boys price (₹)' }).fill('1499')
      await page.getByRole('textbox', { name: 'Capacity per date' }).fill('8')
      await page.getByRole('textbox', { name: 'Start time' }).fill('11:00')
      await page.getByRole('group', { name: 'Every week on' }).getByText('Sunday', { exact: true }).click()
      await expect(page.getByRole('checkbox', { name: 'Sunday' })).toBeChecked()
      await page.getByRole('button', { name: 'Save draft' }).click()
      await expect(page.getByText('A price is a whole number of rupees from ₹1 to ₹20,000.')).toBeVisible()
      // A reload keeps what was typed (the draft is on the device).
      await page.reload()
      await expect(page.getByText('Restored what you typed on this device; it is not saved yet.')).toBeVisible(BACKEND)
      await expect(page.getByRole('textbox', { name: 'Venue area' })).toHaveValue('Bandra West')
      await page.getByRole('textbox', { name: 'Girls price (₹)' }).fill('899')
      await page.getByRole('button', { name: 'Save draft' }).click()
      await expect(page.getByText('Draft saved.')).toBeVisible(BACKEND)
      await expect(page).toHaveURL(new RegExp(`/host/catalogue/${slug}$`))

      const cover = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#e07a3f' } })
        .jpeg()
        .toBuffer()
      await page.getByLabel('Cover image').setInputFiles({ name: 'brunch.jpg', mimeType: 'image/jpeg', buffer: cover })
      await expect(page.getByText('Cover uploaded. Save or publish to use it.')).toBeVisible(BACKEND)

      await page.getByRole('button', { name: 'Preview' }).click()
      const preview = page.getByRole('dialog', { name: 'Preview' })
      await expect(preview.getByRole('heading', { name: TITLE })).toBeVisible()
      await expect(preview.getByText('₹899')).toBeVisible()
      await expect(preview.getByText('Every Sunday')).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      await preview.getByRole('button', { name: 'Close' }).click()

      await page.getByRole('button', { name: 'Publish' }).click()
      await expect(page.getByText(/^Published: members see it now/)).toBeVisible(BACKEND)
      await expectNoSeriousA11yViolations(page)
    })

    test('a visitor picks Mumbai and finds it; its HTML without script has its title, image and price', async ({
      page,
      request,
    }) => {
      await page.goto('/events')
      await page.getByText('Mumbai', { exact: true }).click()
      await expect(page.getByRole('heading', { name: 'Events in Mumbai' })).toBeVisible(BACKEND)
      // (a stack kept running between runs lists the brunch of each run: this run's is the one at its address)
      const card = page.getByRole('article').filter({ has: page.locator(`a[href="/events/${slug}"]`) })
      await expect(card.getByRole('heading', { name: TITLE })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'The First Hello' })).toHaveCount(0)

      const html = await (await request.get(`/events/${slug}`)).text()
      expect(html).toContain(`<title>${TITLE} (Sunday Brunch) | Yaari</title>`)
      expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/o\/event-covers%2F/)
      const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}')
      expect(jsonLd).toMatchObject({ '@type': 'Event', name: TITLE })
      expect(jsonLd.offers).toContainEqual(expect.objectContaining({ price: '899.00', priceCurrency: 'INR' }))
      expect(await (await request.get('/sitemap.xml')).text()).toContain(`/events/${slug}</loc>`)
    })

    test('a member books it at ₹899; the price raised to ₹999, their booking keeps ₹899 and the next pays ₹999', async ({
      page,
      browser,
    }) => {
      test.slow()
      /** From the event page to the checkout, at the Girls price shown, on the `nth` date listed. */
      const book = async (price: string, nth: number) => {
        await page.goto(`/events/${slug}`)
        await expect(page.getByRole('button', { name: /Girls/ })).toContainText(price, BACKEND)
        await page.getByRole('button', { name: /Girls/ }).click()
        const dates = page.getByRole('dialog', { name: 'Select a date' })
        await dates.locator('label').nth(nth).click()
        await dates.getByRole('button', { name: 'Continue' }).click()
        const booking = page.getByRole('dialog', { name: 'Book your seat' })
        await booking.getByText('I accept the terms and conditions').click()
        await booking.getByRole('button', { name: 'Pay and book' }).click()
        await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible(BACKEND)
      }
      await onboardedMember(page)
      await book('₹899', 1)
      await expect(page.getByText('₹899.00')).toBeVisible()
      await page.getByRole('button', { name: 'Pay', exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name: "You're In" })).toBeVisible(BACKEND)

      // The admin raises the price and publishes.
      const adminPage = await browser.newPage({ viewport: { width: 360, height: 780 } })
      await signInAt(adminPage, adminAccount.email, adminAccount.password)
      await expect(adminPage).toHaveURL(/\/$/, BACKEND)
      await adminPage.goto(`/host/catalogue/${slug}`)
      await adminPage.getByRole('textbox', { name: 'Girls price (₹)' }).fill('999')
      await adminPage.getByRole('button', { name: 'Publish' }).click()
      await expect(adminPage.getByText(/^Published: members see it now/)).toBeVisible(BACKEND)
      await adminPage.close()

      await page.goto('/my-bookings')
      const paid = page.getByRole('listitem').filter({ hasText: TITLE })
      await expect(paid.getByText('Confirmed')).toBeVisible(BACKEND)
      await expect(paid.getByText('₹899')).toBeVisible()

      // A new booking: the page shows ₹999 and the checkout charges it.
      await book('₹999', 2)
      await expect(page.getByText('₹999.00')).toBeVisible()
    })

    test.describe('with the service worker', () => {
      test.use(WITH_SERVICE_WORKER)

      test('after one online visit the new event opens offline', async ({ page, context }) => {
        await page.goto(`/events/${slug}`)
        await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible(BACKEND)
        await controlledByServiceWorker(page)
        // The catalogue this visit read is in the worker's cache once it has been fetched under its control.
        await page.reload()
        await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible(BACKEND)
        await context.setOffline(true)
        await page.reload()
        await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible(BACKEND)
        await expect(page.getByText('Bandra West', { exact: false }).first()).toBeVisible()
        await context.setOffline(false)
      })
    })

    test('a Bangalore host does not see it in the console, and cannot open it', async ({ page }) => {
      await signInAt(page, hostAccount.email, hostAccount.password)
      await expect(page).toHaveURL(/\/$/, BACKEND)
      await page.goto('/host/catalogue')
      await expect(page.getByRole('link', { name: 'The First Hello' })).toBeVisible(BACKEND)
      await expect(page.getByRole('link', { name: TITLE })).toHaveCount(0)
      await expect(page.getByRole('heading', { name: 'Cities' })).toHaveCount(0)
      await page.goto(`/host/catalogue/${slug}`)
      await expect(page.getByText('There is no such event in the catalogue.')).toBeVisible(BACKEND)

      // Nor through the public API: the callable refuses them with the reason.
      const auth = `http://${HOST}:${stackPorts().auth}/identitytoolkit.googleapis.com/v1`
      const signIn = await fetch(`${auth}/accounts:signInWithPassword?key=demo-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: hostAccount.email, password: hostAccount.password, returnSecureToken: true }),
      })
      const { idToken } = (await signIn.json()) as { idToken: string }
      const refused = await fetch(functionUrl('archiveCatalogueEvent'), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${idToken}`,
          origin: `http://${HOST}:${stackPorts().app}`,
        },
        body: JSON.stringify({ data: { id: slug } }),
      })
      expect(refused.status).toBe(403)
      expect(await refused.text()).toContain('You do not host events in this city.')
    })
  })
