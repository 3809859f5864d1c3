/**
 * The catalogue is the team's to run: an admin adds a city and an event from the console at 360 px,
 * previews and publishes it; visitors find it, crawlers read its page without script, members book
 * it at its price; a later price change leaves a paid booking's price alone; it opens offline after
 * one visit; a host of another city cannot reach it in the console; archived, its page offers
 * nothing to a crawler, the listing drops it, and a ticket bought before still opens offline.
 */
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { postCallable } from '../../dev/lib/config.mjs'
import {
  adminAccount,
  apiMember,
  BACKEND,
  controlledByServiceWorker,
  expect,
  expectNoSeriousA11yViolations,
  hostAccount,
  idTokenOf,
  onboardedMember,
  paidThroughApi,
  phoneOf,
  signedInAs,
  test,
  WITH_SERVICE_WORKER,
} from './support'

// The address is the title's; a stack kept running between runs already has one from before.
const slug = `mumbai-sunday-brunch-${randomUUID().slice(0, 6)}`
const TITLE = 'Mumbai Sunday Brunch'

test.use({ viewport: { width: 360, height: 780 } })

test.describe
  .serial('an event published from the console', () => {
    test('an admin adds Mumbai and its Sunday brunch, with a cover, previews it and publishes it', async ({ page }) => {
      test.slow()
      await signedInAs(page, adminAccount)
      await page.goto('/host')
      await page.getByRole('link', { name: 'Catalogue' }).click()
      await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toBeVisible(BACKEND)

      // A city without a name: the message under the name, and focus there.
      await page.getByRole('button', { name: 'Save city' }).click()
      const cityName = page.getByRole('textbox', { name: 'City name' })
      await expect(page.getByText('Please write the name.')).toBeVisible()
      await expect(cityName).toBeFocused()
      await expect(cityName).toHaveAttribute('aria-invalid', 'true')
      await cityName.fill('Mumbai')
      await expect(page.getByText('Please write the name.')).toHaveCount(0)
      await page.getByRole('button', { name: 'Save city' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Saved Mumbai: live for members.' })).toBeVisible(BACKEND)
      await expect(page.getByText('Mumbai (mumbai): live')).toBeVisible(BACKEND)

      await page.getByRole('link', { name: 'New event' }).click()
      await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible(BACKEND)
      await page.getByRole('textbox', { name: 'Title' }).fill(TITLE)
      await expect(page.getByRole('textbox', { name: 'Web address' })).toHaveValue('mumbai-sunday-brunch')
      await page.getByRole('textbox', { name: 'Web address' }).fill(slug)
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
      // Publish checks every field as a save does: the price's own message under it, focus moved
      // there, and the missing cover said under the cover; nothing is sent.
      await page.getByRole('button', { name: 'Publish' }).click()
      const girls = page.getByRole('textbox', { name: 'Girls price (₹)' })
      await expect(page.getByText('A price is a whole number of rupees from ₹1 to ₹20,000.')).toBeVisible()
      await expect(girls).toBeFocused()
      await expect(girls).toHaveAttribute('aria-invalid', 'true')
      // (a new event takes its cover once saved, and says so rather than ask for it)
      await expect(
        page.getByRole('alert').filter({ hasText: 'Save the draft first, then add its cover.' }),
      ).toBeVisible()
      await page.getByRole('button', { name: 'Save draft' }).click()
      const priceProblem = page.getByText('A price is a whole number of rupees from ₹1 to ₹20,000.')
      await expect(priceProblem).toBeVisible()
      // Changing the price takes its message away.
      await girls.fill('899')
      await expect(priceProblem).toHaveCount(0)
      // A reload keeps what was typed (the draft is on the device).
      await page.reload()
      await expect(page.getByText('Restored what you typed on this device; it is not saved yet.')).toBeVisible(BACKEND)
      await expect(page.getByRole('textbox', { name: 'Venue area' })).toHaveValue('Bandra West')
      await expect(page.getByRole('textbox', { name: 'Girls price (₹)' })).toHaveValue('899')
      // An address another event has (an older link of The First Hello): the server's refusal names
      // the field in its details, and its reason goes under the address, with focus there.
      const address = page.getByRole('textbox', { name: 'Web address' })
      await address.fill('first-hello')
      await page.getByRole('button', { name: 'Save draft' }).click()
      await expect(page.getByText('This address is taken by another event: choose another.').first()).toBeVisible(
        BACKEND,
      )
      await expect(address).toBeFocused()
      await expect(address).toHaveAttribute('aria-invalid', 'true')
      await address.fill(slug)
      await page.getByRole('button', { name: 'Save draft' }).click()
      await expect(page.getByText('Draft saved.')).toBeVisible(BACKEND)
      await expect(page).toHaveURL(new RegExp(`/host/catalogue/${slug}$`))

      const cover = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#e07a3f' } })
        .jpeg()
        .toBuffer()
      const chooser = page.waitForEvent('filechooser')
      await page.getByRole('button', { name: 'Choose a cover' }).click()
      await (await chooser).setFiles({ name: 'brunch.jpg', mimeType: 'image/jpeg', buffer: cover })
      await expect(page.getByText('Cover uploaded. Save or publish to use it.')).toBeVisible(BACKEND)

      // A one-off date is tapped on the calendar, the Sundays marked among its days; the chosen one is listed.
      const oneOff = page.getByRole('group', { name: 'One-off dates' })
      await oneOff.getByRole('button', { name: 'Next month' }).click()
      await oneOff
        .getByRole('gridcell', { name: /^Choose Saturday, 1\d / })
        .first()
        .click()
      const chosen = page.getByRole('list', { name: 'One-off dates: chosen' }).getByRole('listitem')
      await expect(chosen).toHaveCount(1)
      await expect(chosen).toContainText(/^Sat, 1\d /)
      // A second day, taken away again with its button: focus stays in the list, on the day left.
      await oneOff
        .getByRole('gridcell', { name: /^Choose Saturday, 2\d / })
        .first()
        .click()
      await expect(chosen).toHaveCount(2)
      await page.getByRole('button', { name: /^Remove Sat, 2\d / }).click()
      await expect(chosen).toHaveCount(1)
      await expect(page.getByRole('button', { name: /^Remove Sat, 1\d / })).toBeFocused()

      await page.getByRole('button', { name: 'Preview' }).click()
      const preview = page.getByRole('dialog', { name: 'Preview' })
      await expect(preview.getByRole('heading', { name: TITLE })).toBeVisible()
      await expect(preview.getByText('₹899')).toBeVisible()
      await expect(preview.getByText('Every Sunday')).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      await preview.getByRole('button', { name: 'Close' }).click()

      await page.getByRole('button', { name: 'Publish' }).click()
      await expect(page.getByText('Published: members see it now.')).toBeVisible(BACKEND)
      await expect(page.getByText(/catalogue version/)).toHaveCount(0)
      await expectNoSeriousA11yViolations(page)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
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
      const adminPage = await phoneOf(browser, adminAccount)
      await adminPage.goto(`/host/catalogue/${slug}`)
      await adminPage.getByRole('textbox', { name: 'Girls price (₹)' }).fill('999')
      await adminPage.getByRole('button', { name: 'Publish' }).click()
      await expect(adminPage.getByText(/^Published: members see it now/)).toBeVisible(BACKEND)
      await adminPage.context().close()

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

    test.describe('archived, with a ticket on a phone', () => {
      test.use(WITH_SERVICE_WORKER)

      test('its page offers nothing and asks not to be listed, the listing drops it, and the ticket still opens offline', async ({
        page,
        context,
        browser,
        request,
      }) => {
        test.slow()
        // A member with a paid seat has opened their ticket once, online.
        const member = await apiMember('Meera Shah')
        const { events } = await member.call<{ events: { dates: { date: string }[] }[] }>('getAvailability', {
          eventId: slug,
        })
        await paidThroughApi(member, slug, events[0]!.dates[3]!.date)
        await signedInAs(page, member)
        await page.goto('/my-bookings')
        await controlledByServiceWorker(page)
        await page.reload()
        const booking = page.getByRole('listitem').filter({ hasText: TITLE })
        await expect(booking.getByText('Confirmed')).toBeVisible(BACKEND)
        await booking
          .getByRole('link', { name: /ticket/i })
          .first()
          .click()
        await expect(page.getByRole('img', { name: new RegExp(`QR code of your pass for ${TITLE}`) })).toBeVisible(
          BACKEND,
        )
        const ticketUrl = page.url()

        // The admin archives it from the console.
        const adminPage = await phoneOf(browser, adminAccount)
        await adminPage.goto(`/host/catalogue/${slug}`)
        await adminPage.getByRole('button', { name: 'Archive' }).click()
        await adminPage
          .getByRole('dialog', { name: 'Archive this event?' })
          .getByRole('button', { name: 'Archive' })
          .click()
        await expect(
          adminPage.getByText('Archived: off the listing and not for sale. Its tickets stay valid.'),
        ).toBeVisible(BACKEND)
        await adminPage.context().close()

        // A crawler's plain fetch: no offers, noindex, and the page says so.
        const response = await request.get(`/events/${slug}`)
        const html = await response.text()
        expect(response.headers()['x-robots-tag']).toBe('noindex')
        expect(html).toContain('<meta name="robots" content="noindex" />')
        expect(html).toContain('This event is no longer on sale.')
        expect(html).not.toContain('application/ld+json')
        expect(html).not.toContain('Choose your ticket')
        // A visitor's listing drops it.
        const visitor = await browser.newPage({ viewport: { width: 360, height: 780 } })
        await visitor.goto('/events?city=mumbai')
        await expect(visitor.getByRole('heading', { name: 'Events in Mumbai' })).toBeVisible(BACKEND)
        await expect(visitor.locator(`a[href="/events/${slug}"]`)).toHaveCount(0)
        await visitor.goto(`/events/${slug}`)
        await expect(visitor.getByText('This event is no longer on sale.')).toBeVisible(BACKEND)
        await expect(visitor.getByRole('heading', { name: 'Choose your ticket' })).toHaveCount(0)
        await visitor.close()

        // The member's ticket still opens with no signal.
        await context.setOffline(true)
        await page.goto(ticketUrl)
        await expect(page.getByRole('img', { name: new RegExp(`QR code of your pass for ${TITLE}`) })).toBeVisible(
          BACKEND,
        )
        await context.setOffline(false)
      })
    })

    test('a Bangalore host does not see it in the console, and cannot open it', async ({ page }) => {
      await signedInAs(page, hostAccount)
      await page.goto('/host/catalogue')
      await expect(page.getByRole('link', { name: 'The First Hello' })).toBeVisible(BACKEND)
      await expect(page.getByRole('link', { name: TITLE })).toHaveCount(0)
      await expect(page.getByRole('heading', { name: 'Cities' })).toHaveCount(0)
      await page.goto(`/host/catalogue/${slug}`)
      await expect(page.getByText('There is no such event in the catalogue.')).toBeVisible(BACKEND)

      // Nor through the public API: the callable refuses them with the reason.
      const idToken = await idTokenOf(hostAccount)
      const refused = await postCallable('archiveCatalogueEvent', idToken, { id: slug })
      expect(refused.status).toBe(403)
      expect(await refused.text()).toContain('You do not host events in this city.')
    })
  })
