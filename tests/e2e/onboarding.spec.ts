import type { Page } from '@playwright/test'
import { PROFESSION_LABELS, PROFESSIONS } from '@yaari/domain/profile-choices'
import {
  BACKEND,
  checkoutFor,
  controlledByServiceWorker,
  expect,
  expectNoSeriousA11yViolations,
  expectWellFormedPage,
  freshMobile,
  hangOutsideRequests,
  newEmail,
  PASSWORD,
  smsCode,
  storedProfile,
  submitSignUp,
  test,
  WITH_SERVICE_WORKER,
} from './support'

// A 1x1 PNG: small, and a real image the browser can decode and resize.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

async function signUp(page: Page, name = 'Asha Rao'): Promise<string> {
  const email = newEmail('onboarding')
  await submitSignUp(page, email, name)
  await expect(page).toHaveURL(/\/onboarding\/mobile$/, BACKEND)
  return email
}

async function choosePhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choose a photo' }).click()
  await (await chooser).setFiles(file)
}

/** Picks a card by its visible text, as a person taps it, and checks it took. */
async function pick(page: Page, role: 'radio' | 'checkbox', name: string) {
  await page.getByText(name, { exact: true }).click()
  await expect(page.getByRole(role, { name, exact: true })).toBeChecked()
}

/**
 * What goes wrong on `page` without a test step failing: uncaught errors, errors logged to the
 * console, requests that fail, and answers of 400 and up. A navigation cancels the requests of the
 * page it leaves (net::ERR_ABORTED): those are not failures.
 */
function watchForTroubles(page: Page): string[] {
  const troubles: string[] = []
  // The one known refusal: the Auth emulator does not implement reCAPTCHA Enterprise's config (501),
  // which Firebase's SDK asks for before it sends an SMS code; it then goes on as a project without
  // Enterprise does. A real project answers it.
  const emulatorGap = (url: string) => url.includes(':9099/identitytoolkit.googleapis.com/v2/recaptchaConfig')
  page.on('pageerror', (error) => troubles.push(`uncaught: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !emulatorGap(message.location().url))
      troubles.push(`console: ${message.text()} (${message.location().url})`)
  })
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? ''
    if (!reason.includes('ERR_ABORTED')) troubles.push(`failed: ${request.method()} ${request.url()} ${reason}`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400 && !emulatorGap(response.url()))
      troubles.push(`${response.status()}: ${response.request().method()} ${response.url()}`)
  })
  return troubles
}

const progress = (page: Page, label: string) => page.getByRole('progressbar', { name: label })
const proceed = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true }).click()

/**
 * A step of choice cards as it opens: its progress, its heading focused, its `choices` (a role and
 * how many), and Continue with none chosen refused with `empty`, on a page with no serious a11y issue.
 */
async function expectChoiceStep(
  page: Page,
  { step, choices: [role, count], empty }: { step: string; choices: ['checkbox' | 'radio', number]; empty: string },
) {
  await expect(progress(page, step)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await expect(page.getByRole(role)).toHaveCount(count)
  await proceed(page)
  await expect(page.getByText(empty)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
}
test.describe('onboarding', () => {
  test('a new member builds their profile step by step, with every validation message', async ({ page }) => {
    test.slow()
    // On no page of the whole first hour does anything go wrong unseen: no uncaught error (a hydration
    // mismatch is one), no error logged, no request failed or refused.
    const troubles = watchForTroubles(page)
    const email = await signUp(page)

    // 1. Mobile
    await expect(progress(page, 'Step 1 of 8')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back' })).toHaveCount(0)
    await expectWellFormedPage(page)
    await expectNoSeriousA11yViolations(page)
    const mobile = page.getByRole('textbox', { name: 'Mobile number' })
    await mobile.fill('12345')
    await mobile.blur()
    await expect(page.getByText('Please enter a valid 10-digit mobile number')).toBeVisible()
    await mobile.fill('5876543210')
    await proceed(page)
    await expect(page.getByText('Please enter a valid 10-digit mobile number')).toBeVisible()
    // The error is read with the field (its description), and focus is there to put it right.
    await expect(mobile).toBeFocused()
    await expect(mobile).toHaveAccessibleDescription('Please enter a valid 10-digit mobile number')
    const number = freshMobile()
    await mobile.fill(number)
    await expect(mobile).toHaveValue(`${number.slice(0, 5)} ${number.slice(5)}`)
    await expect(page.getByText('Valid mobile number')).toBeVisible()
    await proceed(page)
    // Continue sends a code by SMS (the Auth emulator lists it); the member types it.
    await expect(page.getByRole('heading', { level: 1, name: 'Enter the code we sent' })).toBeVisible(BACKEND)
    await expect(progress(page, 'Step 1 of 8')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('textbox', { name: 'Code from the SMS' }).fill(await smsCode(number))
    await page.getByRole('button', { name: 'Verify', exact: true }).click()

    // 2. Name: focus is on the new step's heading (the Continue pressed is gone), so it is announced.
    await expect(progress(page, 'Step 2 of 8')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    const name = page.getByRole('textbox', { name: 'Full name' })
    await expect(name).toHaveValue('Asha Rao') // the name given at sign-up, not asked again empty
    await name.fill('R2D2')
    await proceed(page)
    // Said once: beside the field, which describes itself with it (not again beside Continue).
    await expect(page.getByText('Please enter a valid name (at least 2 characters, letters only)')).toHaveCount(1)
    await expect(name).toHaveAccessibleDescription('Please enter a valid name (at least 2 characters, letters only)')
    await expect(name).toBeFocused()
    await expectNoSeriousA11yViolations(page) // every step is checked, with its error showing
    await name.fill('Asha Rao')
    await expect(page.getByText('Looks good!')).toBeVisible()
    await proceed(page)

    // 3. Date of birth
    await expect(progress(page, 'Step 3 of 8')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    const dob = page.getByLabel('Date of birth')
    const year = new Date().getFullYear()
    await dob.fill(`${year + 1}-01-01`)
    await expect(page.getByText('Please enter a valid date')).toBeVisible()
    await dob.fill(`${year - 17}-01-01`)
    await expect(page.getByText('You must be at least 18 years old to join our events')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await dob.fill(`${year - 62}-01-01`)
    await expect(page.getByText('Our events are designed for people under 60')).toBeVisible()
    // Typed as a member types it, digits only: one box, one tab stop, then Continue.
    await dob.clear()
    await dob.pressSequentially('15061995')
    await expect(dob).toHaveValue('15/06/1995')
    await expect(page.getByRole('alert')).toHaveCount(0)
    await dob.press('Tab')
    await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused()
    await proceed(page)

    // 4. Profile picture: the wrong type, too large, then a real photo, removed and chosen again
    await expect(progress(page, 'Step 4 of 8')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Skip for now' })).toBeVisible()
    await choosePhoto(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await expect(page.getByText('Invalid file type')).toBeVisible()
    await expect(page.getByText('Please select an image file')).toBeVisible()
    const huge = Buffer.alloc(6 * 1024 * 1024)
    PNG.copy(huge)
    await choosePhoto(page, { name: 'huge.png', mimeType: 'image/png', buffer: huge })
    await expect(page.getByText('File too large')).toBeVisible()
    await expect(page.getByText('Please select an image smaller than 5MB')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await choosePhoto(page, { name: 'me.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.getByRole('img', { name: 'Your avatar preview' })).toBeVisible()
    await page.getByRole('button', { name: 'Remove photo' }).click()
    await expect(page.getByRole('img', { name: 'Your avatar preview' })).toHaveCount(0)
    await choosePhoto(page, { name: 'me.png', mimeType: 'image/png', buffer: PNG })
    await page.getByRole('button', { name: 'Upload photo' }).click()
    await expect(page.getByText('Photo uploaded')).toBeVisible(BACKEND)
    await proceed(page)

    // 5. Preferences: profession, then gender
    await expect(progress(page, 'Step 5 of 8')).toBeVisible(BACKEND)
    // (The progress is the step on screen's: it changes with the step's form, once its code is in.)
    await expect(page.getByRole('heading', { level: 1, name: 'What do you do?' })).toBeVisible()
    await proceed(page)
    await expect(page.getByText('Please choose what you do')).toBeVisible()
    await pick(page, 'radio', 'Tech')
    await expectNoSeriousA11yViolations(page)
    await proceed(page)
    await page.getByRole('button', { name: 'Continue to Interests' }).click()
    await expect(page.getByText('Please choose your gender')).toBeVisible()
    await pick(page, 'radio', 'Female')
    await page.getByRole('button', { name: 'Continue to Interests' }).click()

    // 6. Interests
    await expectChoiceStep(page, {
      step: 'Step 6 of 8',
      choices: ['checkbox', 10],
      empty: 'Please choose at least one interest',
    })
    await pick(page, 'checkbox', 'Brunch')
    await pick(page, 'checkbox', 'Travel')
    await proceed(page)

    // 7. Location: a card clears the typed area, typing clears the card
    await expectChoiceStep(page, {
      step: 'Step 7 of 8',
      choices: ['radio', 6],
      empty: 'Please choose an area or type yours',
    })
    const typed = page.getByRole('textbox', { name: 'Or type your area' })
    await typed.fill('Sarjapur')
    await pick(page, 'radio', 'Indiranagar')
    await expect(typed).toHaveValue('')
    await typed.fill('Sarjapur Road')
    await expect(page.getByRole('radio', { name: 'Indiranagar' })).not.toBeChecked()
    await pick(page, 'radio', 'Koramangala')
    await proceed(page)

    // 8. Complete
    await expect(page.getByText('Creating your adventure profile...')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yaari, Asha!' })).toBeVisible(BACKEND)
    const created = page.getByText('Your profile has been created successfully.')
    await expect(created).toBeVisible()
    // A toast is no tab stop: Tab goes from the page's controls to the page's, never into it.
    const tabStops = await page
      .locator('[data-scope="toast"][data-part="root"]', { has: created })
      .evaluate(
        (toast) => [toast, ...toast.querySelectorAll('*')].filter((node) => (node as HTMLElement).tabIndex >= 0).length,
      )
    expect(tabStops).toBe(0)
    await expectNoSeriousA11yViolations(page)
    const profile = await storedProfile(email)
    expect(profile).toMatchObject({
      name: 'Asha Rao',
      email,
      mobile: `+91${number}`,
      date_of_birth: '1995-06-15',
      profession: 'tech',
      gender: 'female',
      interests: JSON.stringify(['brunch', 'travel']),
      location: 'koramangala',
    })
    // Onboarding asks no food, drinking, personality or relationship status: none is stored.
    expect(profile).not.toHaveProperty('food_preference')
    expect(profile).not.toHaveProperty('drinking_preference')
    expect(profile).not.toHaveProperty('personality_type')
    expect(profile).not.toHaveProperty('relationship_status')
    const photo = await page.request.get(profile?.profile_picture_url)
    expect(photo.headers()['content-type']).toBe('image/jpeg')

    await page.getByRole('button', { name: 'Start Your Adventure' }).click()
    await expect(page).toHaveURL(/\/events\/?$/)

    // The whole first hour through the UI: a seat booked with the profile just made, and paid. The
    // booking form asks the profile's one list of professions, the member's own answer chosen.
    // Food is asked here, the first time it matters, and kept on the profile for the next booking.
    await checkoutFor(page, 1, {
      profession: 'tech',
      foodPreference: 'vegetarian',
      mobile: `${number.slice(0, 5)} ${number.slice(5)}`,
    })
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: "You're In" })).toBeVisible(BACKEND)

    // The ticket, from My bookings.
    await page.getByRole('link', { name: 'My bookings' }).click()
    await page.getByRole('link', { name: /^Show ticket/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Your ticket' })).toBeVisible(BACKEND)

    // A second seat on the same date is refused at the date, My bookings a link; no Continue to a form.
    await page.goto('/events/midweek-wednesday-dinner')
    await page.getByRole('button', { name: /Girls/ }).click()
    const dateDialog = page.getByRole('dialog', { name: 'Select a date' })
    const bookedDate = dateDialog.locator('label', { hasText: 'Booked' })
    await expect(bookedDate).toHaveCount(1, BACKEND)
    await bookedDate.click()
    const said = dateDialog.getByRole('status').filter({ hasText: 'You already have a seat on this date.' })
    await expect(said.getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/my-bookings')
    await expect(dateDialog.getByRole('button', { name: 'Continue' })).toHaveCount(0)

    // Another date: the food answer given at the first booking is the member's own, kept.
    await dateDialog
      .locator('label')
      .filter({ hasNotText: /Booked|Sold out|closed|Cancelled/ })
      .first()
      .click()
    await dateDialog.getByRole('button', { name: 'Continue' }).click()
    const bookingForm = page.getByRole('dialog', { name: 'Book your seat' })
    // The step that held focus is gone: focus is on the new step's heading, which is read out.
    await expect(bookingForm.getByRole('heading', { name: 'Book your seat' })).toBeFocused()
    await expect(bookingForm.getByRole('combobox', { name: 'Food preference' })).toHaveValue('vegetarian', BACKEND)
    // A refused Pay and book: focus goes to the field to put right, its error read with it, said once.
    const fullName = bookingForm.getByRole('textbox', { name: 'Full name' })
    await fullName.fill('A1')
    await bookingForm.getByText('I accept the terms and conditions').click()
    await bookingForm.getByRole('button', { name: 'Pay and book' }).click()
    await expect(fullName).toBeFocused()
    const nameError = 'Please enter a valid name (at least 2 characters, letters only)'
    await expect(fullName).toHaveAccessibleDescription(nameError)
    await expect(bookingForm.getByText(nameError)).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(bookingForm).toHaveCount(0)

    // The profile: the answers given so far, each editable there; none invented.
    await page.goto('/')
    await page.getByRole('link', { name: 'Hi, Asha' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    const yourProfile = page.getByRole('form', { name: 'Your profile' })
    await expect(yourProfile.getByRole('combobox', { name: 'Food preference' })).toHaveValue('vegetarian', BACKEND)
    await expect(yourProfile.getByRole('combobox', { name: /Profession/ })).toHaveValue('tech')
    await expect(yourProfile.getByRole('combobox', { name: 'Personality type' })).toHaveValue('')
    await yourProfile.getByRole('combobox', { name: 'Food preference' }).selectOption('vegan')
    await yourProfile.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Your profile is saved.')).toBeVisible(BACKEND)
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()

    // The cancel dialog starts on the safe choice: a stray Enter keeps the seat.
    await page.goto('/my-bookings')
    await page.getByRole('button', { name: 'Cancel booking' }).click()
    const cancel = page.getByRole('dialog', { name: 'Cancel this booking?' })
    await expect(cancel).toContainText(/Your seat at Midweek Meetup on .+ is given back to others\./)
    await expect(cancel.getByRole('button', { name: 'Keep my seat' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(cancel).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Show ticket/ })).toBeVisible()

    // Signed in, home offers no "Join Now"; the greeting leads to the profile; Sign Out is in the menu.
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Browse events' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Join Now' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Hi, Asha' })).toHaveAttribute('href', '/profile')
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    // The greeting is not cut short ("Hi, A…") with the menu open.
    const greeting = page.getByRole('link', { name: 'Hi, Asha' })
    expect(await greeting.evaluate((link) => link.parentElement!.scrollWidth <= link.parentElement!.clientWidth)).toBe(
      true,
    )
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click()
    await expect(page.getByRole('link', { name: 'Join Now' })).toBeVisible(BACKEND)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute('aria-expanded', 'false')
    await page.goto('/auth')
    const signIn = page.getByRole('tabpanel')
    await signIn.getByRole('textbox', { name: 'Email' }).fill(email)
    await signIn.getByLabel('Password').fill(PASSWORD)
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByText("You've been successfully logged in.")).toBeVisible()
    await expect(page).toHaveURL(/\/$/, BACKEND)
    expect(troubles).toEqual([])
  })

  test.describe('with the service worker (offline mid-flow)', () => {
    test.use(WITH_SERVICE_WORKER)

    test('a reload or going offline mid-flow loses nothing; an offline profile is sent when back online', async ({
      page,
      context,
    }) => {
      test.slow()
      const email = await signUp(page, 'Ravi Kumar')
      await controlledByServiceWorker(page)
      await page.getByRole('textbox', { name: 'Mobile number' }).fill('9123456789')
      await page.getByRole('button', { name: 'Verify later' }).click()
      await page.getByRole('textbox', { name: 'Full name' }).fill('Ravi Kumar')

      await page.reload()
      await expect(progress(page, 'Step 2 of 8')).toBeVisible()
      await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ravi Kumar')
      await page.getByRole('link', { name: 'Back' }).click()
      await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('91234 56789')
      await page.getByRole('button', { name: 'Verify later' }).click()
      await expect(progress(page, 'Step 2 of 8')).toBeVisible()
      await proceed(page)
      await expect(progress(page, 'Step 3 of 8')).toBeVisible()

      // Offline from here on.
      await context.setOffline(true)
      await page.getByLabel('Date of birth').fill('1990-02-20')
      await proceed(page)
      await choosePhoto(page, { name: 'me.png', mimeType: 'image/png', buffer: PNG })
      await proceed(page)
      await expect(page.getByText('Upload failed')).toBeVisible()
      await expect(page.getByText('Failed to upload profile picture. You can add it later.')).toBeVisible()
      await expect(progress(page, 'Step 5 of 8')).toBeVisible()
      await pick(page, 'radio', 'Business & consulting')
      await proceed(page)
      await pick(page, 'radio', 'Male')
      await page.getByRole('button', { name: 'Continue to Interests' }).click()
      await pick(page, 'checkbox', 'Gaming')
      await pick(page, 'checkbox', 'Outdoor')

      // A reload while offline: the service worker serves the app, the draft comes back.
      await page.reload()
      await expect(progress(page, 'Step 6 of 8')).toBeVisible()
      await expect(page.getByRole('checkbox', { name: 'Gaming' })).toBeChecked()
      await expect(page.getByRole('checkbox', { name: 'Outdoor' })).toBeChecked()
      await page.getByRole('link', { name: 'Back' }).click()
      await expect(page.getByRole('radio', { name: 'Business & consulting' })).toBeChecked()
      await page.goto('/onboarding/date-of-birth')
      await expect(page.getByLabel('Date of birth')).toHaveValue('20/02/1990')
      await page.goto('/onboarding/location')
      await page.getByRole('textbox', { name: 'Or type your area' }).fill('Sarjapur Road')
      await proceed(page)

      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yaari, Ravi!' })).toBeVisible()
      await expect(
        page.getByText('You’re offline, so your profile is saved on this device.', { exact: false }),
      ).toBeVisible()
      await page.getByRole('button', { name: 'Start Your Adventure' }).click()
      await expect(page).toHaveURL(/\/events\/?$/)
      expect(await storedProfile(email)).toBeUndefined()

      await context.setOffline(false)
      await expect(page.getByText('Your profile has been created successfully.')).toBeVisible(BACKEND)
      const profile = await storedProfile(email)
      expect(profile).toMatchObject({
        name: 'Ravi Kumar',
        mobile: '+919123456789',
        date_of_birth: '1990-02-20',
        profession: 'business',
        gender: 'male',
        interests: JSON.stringify(['gaming', 'outdoor']),
        location: 'Sarjapur Road',
      })
      // The photo chosen offline was uploaded with the profile.
      expect(profile?.profile_picture_url).toMatch(/profile-pictures/)
    })
  })

  test('the one-page profile form asks for everything but the bio, then continues to preferences', async ({ page }) => {
    await signUp(page)
    // The form's code comes over a slow signal: until it is in, the step on screen (its progress, its
    // Continue) is still the first one, so the one Continue a member presses is the form's.
    await page.route('**/assets/profile-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      await route.continue()
    })
    await page.getByRole('link', { name: 'Fill in your whole profile at once' }).click()
    await expect(progress(page, 'Steps 1–4 of 8')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    await proceed(page)
    await expect(page.getByRole('alert').filter({ hasText: 'All fields except bio are required' })).toBeVisible()
    await expect(page.getByText('Please enter a valid 10-digit mobile number')).toBeVisible()
    await expect(page.getByText('Please choose your gender')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    // The name given at sign-up is carried here, and the one list of professions is offered.
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rao')
    await expect(page.getByRole('combobox', { name: 'Profession' }).getByRole('option')).toHaveText([
      'Choose…',
      ...PROFESSIONS.map((value) => PROFESSION_LABELS[value]),
    ])

    await page.getByRole('textbox', { name: 'Phone' }).fill('7012345678')
    await page.getByRole('textbox', { name: 'Full name' }).fill('Meera Iyer')
    await page.getByLabel('Date of birth').fill('1992-11-02')
    await page.getByRole('combobox', { name: 'Gender' }).selectOption('Non-binary')
    await page.getByRole('combobox', { name: 'Profession' }).selectOption('Student')
    await page.getByRole('textbox', { name: 'Bio (optional)' }).fill('Board games and filter coffee.')
    await proceed(page)

    await expect(page).toHaveURL(/\/onboarding\/preferences$/)
    await expect(progress(page, 'Step 5 of 8')).toBeVisible()
    await expect(page.getByRole('radio', { name: 'Student' })).toBeChecked()
    await proceed(page)
    await expect(page.getByRole('radio', { name: 'Non-binary' })).toBeChecked()
  })

  test('steps need a draft and a session; Logout clears the device and goes to sign-in', async ({ page }) => {
    await signUp(page)
    await page.goto('/onboarding/interests')
    await expect(page.getByText('Missing Profile Data')).toBeVisible()
    await expect(page.getByText('Please complete your profile first.')).toBeVisible()
    await expect(page).toHaveURL(/\/onboarding\/mobile$/)

    await page.getByRole('textbox', { name: 'Mobile number' }).fill('9876501234')
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible()
    const leftovers = await page.evaluate(async () => {
      const { promise, resolve } = Promise.withResolvers<number>()
      const open = indexedDB.open('yaari')
      open.onsuccess = () => {
        const count = open.result.transaction('drafts').objectStore('drafts').count()
        count.onsuccess = () => resolve(count.result)
      }
      return promise
    })
    expect(leftovers).toBe(0)

    await page.goto('/onboarding/name')
    await expect(page.getByText('Authentication Error')).toBeVisible()
    await expect(page.getByText('Please sign in again to continue.')).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('with every outside request hanging, Logout still leaves at once, and the member stays signed out once the signal is back', async ({
    page,
    context,
  }) => {
    await signUp(page)
    // One bar of signal: Firebase Auth cannot finish starting on this load, and its sign-out waits for it.
    const signal = await hangOutsideRequests(context)
    await page.reload()
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible()
    await signal.release()
    await page.goto('/onboarding/name')
    await expect(page.getByText('Please sign in again to continue.')).toBeVisible(BACKEND)
    await expect(page).toHaveURL(/\/auth$/)
  })
})
