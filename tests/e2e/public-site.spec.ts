import {
  CATEGORY_PATHS,
  EVENT_PATHS,
  expect,
  expectNoSeriousA11yViolations,
  expectWellFormedPage,
  INFO_PAGES,
  LAYOUT,
  test,
  waitForApp,
} from './support'

test.describe('home', () => {
  test('explore by category: four cards whose Explore does a full page load', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 2, name: 'Explore by Category' })).toBeVisible()
    await expect(
      page.getByText('Find events that match your interests and connect with people who share your passions'),
    ).toBeVisible()
    for (const [title, description] of [
      ['Adventure', 'Hiking, climbing, and outdoor adventures'],
      ['Food & Drink', 'Food tours, cooking classes, and tastings'],
      ['Culture', 'Museums, art galleries, and cultural events'],
      ['Nightlife', 'Concerts, bars, and nighttime events'],
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible()
      await expect(page.getByText(description)).toBeVisible()
    }
    await page.evaluate(() => {
      ;(window as unknown as { stillHere: boolean }).stillHere = true
    })
    await page.getByRole('link', { name: 'Explore Culture' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Culture' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBeUndefined()
  })

  test('featured events link to their pages, Join Event to sign-in, View All Events to the list', async ({ page }) => {
    await page.goto('/')
    await waitForApp(page)
    const featured = page.getByRole('region', { name: 'Featured events' })
    await expect(featured.getByRole('heading', { level: 3 })).toHaveText([
      'The First Hello',
      'The Unplanned Sunday',
      'Midweek Meetup',
    ])
    await expect(featured.getByRole('link', { name: /Join Event/ }).first()).toHaveAttribute('href', '/auth')
    await featured.getByRole('link', { name: /^The Unplanned Sunday/ }).click()
    await expect(page).toHaveURL(/\/events\/unplanned-sunday-social-mixup$/)
    await page.goBack()
    await page.getByRole('link', { name: 'View All Events' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Events in Bangalore' })).toBeVisible()
  })
})

test.describe('events listing', () => {
  test('shows every event with its full card', async ({ page }) => {
    await page.goto('/events')
    await expect(page.getByText('3 curated experiences')).toBeVisible()
    const card = page.getByRole('article', { name: 'The Unplanned Sunday' })
    await expect(card.getByText('₹799 - ₹1,999')).toBeVisible()
    await expect(card.getByText('per person')).toBeVisible()
    await expect(card.getByText('Indiranagar, Bangalore')).toBeVisible()
    await expect(card.getByText('Featured')).toBeVisible()
    // Spots left come from the getAvailability function (slow to cold-start under test load).
    await expect(card.getByText(/spots? left|Sold out/)).toBeVisible({ timeout: 20_000 })
    await card.getByRole('link', { name: /Book Now/ }).click()
    await expect(page).toHaveURL(/\/events\/unplanned-sunday-social-mixup$/)
  })

  // Moved to src/features/events/events-page.test.tsx (cities, URL filters, empty state, coming soon) and events-page.los-angeles.test.tsx (the Tomorrow badge on a phone in LA).

  test('search and category filter live in the URL and survive reload', async ({ page }) => {
    await page.goto('/events')
    await page.getByRole('searchbox', { name: 'Search events' }).fill('MIDWEEK')
    await expect(page).toHaveURL(/q=MIDWEEK/)
    await expect(page.getByRole('article')).toHaveCount(1)
    await page.reload()
    await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue('MIDWEEK')
    await expect(page.getByRole('article', { name: 'Midweek Meetup' })).toBeVisible()

    await page.getByRole('searchbox', { name: 'Search events' }).fill('')
    await expect(page.getByRole('button', { name: 'Outdoor Adventures (0)' })).toBeDisabled()
    await page.getByRole('button', { name: 'Social Mixers (2)' }).click()
    await expect(page).toHaveURL(/category=social-mixers/)
    await expect(page.getByRole('article')).toHaveCount(2)
    await expect(page.getByRole('button', { name: 'Social Mixers (2)' })).toHaveAttribute('aria-pressed', 'true')
  })
})

test.describe('event pages', () => {
  test('short featured ids redirect to the canonical page', async ({ page }) => {
    for (const [short, full] of [
      ['first-hello', 'first-hello-stranger-meetup'],
      ['unplanned-sunday', 'unplanned-sunday-social-mixup'],
      ['midweek-meetup', 'midweek-wednesday-dinner'],
    ]) {
      await page.goto(`/events/${short}`)
      await expect(page).toHaveURL(new RegExp(`/events/${full}$`))
    }
  })

  test('an unknown event or category is not found', async ({ page }) => {
    await page.goto('/events/made-up-party')
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    await page.goto('/categories/gardening')
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
  })

  test('price, then a date, then the booking dialog; closing it clears the date', async ({ page }) => {
    await page.goto('/events/midweek-wednesday-dinner')
    await expect(page.getByText('10-12 guests')).toBeVisible()
    // The page's own time (the date sheet, drawn hidden once the page is idle, says it in a sentence).
    await expect(page.getByRole('main').getByText('8:00 PM', { exact: true })).toBeVisible()
    await expect(page.getByText('48 hours or more before the event: full refund')).toBeVisible()

    await page.getByRole('button', { name: /Boys/ }).click()
    const dateDialog = page.getByRole('dialog', { name: 'Select a date' })
    await expect(dateDialog).toBeVisible()
    const dates = dateDialog.getByRole('radio')
    await expect(dates.first()).toBeAttached()
    expect(await dates.count()).toBeGreaterThanOrEqual(8)
    for (const label of await dateDialog.locator('label').allInnerTexts()) expect(label).toMatch(/^Wed, /)
    await expect(dateDialog.getByRole('button', { name: 'Continue' })).toBeDisabled()
    // A person taps the date's label; the radio itself is visually hidden.
    await dateDialog.locator('label').first().click()
    await expect(dates.first()).toBeChecked()
    await dateDialog.getByRole('button', { name: 'Continue' }).click()

    const booking = page.getByRole('dialog', { name: 'Book your seat' })
    await expect(booking.getByText('Midweek Meetup')).toBeVisible()
    await expect(booking.getByText('midweek-wednesday-dinner')).toBeVisible()
    await expect(booking.getByText('₹1,299')).toBeVisible()
    await expect(booking.getByText(/^Wednesday, \d+ \w+ \d{4}, 8:00 PM$/)).toBeVisible()
    await booking.getByRole('button', { name: 'Close' }).click()
    await expect(booking).toBeHidden()

    await page.getByRole('button', { name: /Girls/ }).click()
    await expect(page.getByRole('dialog', { name: 'Select a date' }).getByRole('radio', { checked: true })).toHaveCount(
      0,
    )
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled()
  })

  // Moved to src/features/events/event-details-page.los-angeles.test.tsx: dates follow the India calendar on a phone in LA.
})

// Category pages moved to src/features/categories/category-page.test.tsx.

// Information pages (contact, terms, safety, booking failed) moved to src/features/info-pages/info-pages.test.tsx.

test.describe('every public page', () => {
  const paths = [
    '/',
    '/events',
    ...EVENT_PATHS,
    ...CATEGORY_PATHS,
    ...INFO_PAGES.map(([path]) => path),
    '/missing-page',
  ]
  // Every page on a phone; on a wide screen, one page of each layout (pages of a kind share theirs).
  const wide = new Set([
    '/',
    '/events',
    EVENT_PATHS[0],
    CATEGORY_PATHS[0],
    '/about',
    '/contact',
    '/safety',
    '/missing-page',
  ])
  for (const path of paths) {
    test(
      `${path} has its heading, is well formed and has no serious accessibility violation`,
      wide.has(path) ? LAYOUT : {},
      async ({ page }) => {
        await page.goto(path)
        const [, heading, text] = INFO_PAGES.find(([info]) => info === path) ?? []
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
        if (text) await expect(page.getByText(text).first()).toBeVisible()
        await expectWellFormedPage(page)
        await expectNoSeriousA11yViolations(page)
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0)
      },
    )
  }
})

test('before the app takes over (or without it), the listing is still accessible: a chip row scrolls from the keyboard', async ({
  page,
}) => {
  // The page's HTML alone, as a phone shows it while the app's code is on its way: the chips are
  // disabled until then, so the row that scrolls sideways must itself be reachable.
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/events')
  await expect(page.getByRole('heading', { level: 1, name: 'Events in Bangalore' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Bangalore' })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)
  // Tab goes from the cities' row to the categories' (the search box is disabled until then), which
  // scrolls with the arrow keys.
  await page.getByRole('group', { name: 'City' }).locator('> div').focus()
  await page.keyboard.press('Tab')
  const row = page.getByRole('group', { name: 'Category' }).locator('> div')
  await expect(row).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => row.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
})
