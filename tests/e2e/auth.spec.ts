import type { Page } from '@playwright/test'
import {
  BACKEND,
  expect,
  expectNoSeriousA11yViolations,
  expectWellFormedPage,
  newEmail,
  onboardedAccount,
  oobCodeFor,
  PASSWORD,
  signInAt,
  submitSignUp,
  test,
  unfoldedHeader,
} from './support'

const signUp = (page: Page, email: string) => submitSignUp(page, email)

test.describe('sign up and sign in', () => {
  // Moved to src/features/account/auth-pages.test.tsx: sign-up screen checks, offline sign-in/up, keyboard tabs.

  test('a new member signs up, is welcomed, signs out and signs back in', async ({ page }) => {
    const email = newEmail()
    await signUp(page, email)
    await expect(page.getByText('Welcome to Yaari!')).toBeVisible()
    await expect(page).toHaveURL(/\/onboarding\/mobile$/)

    await page.goto('/auth')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()
    await expect(page.getByText('Signed in as Asha Rao.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/')
    // The header offers the member's bookings instead of Login and Join.
    const header = await unfoldedHeader(page)
    await expect(header.getByRole('link', { name: 'My bookings' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(/\/$/)
    await unfoldedHeader(page)
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'My bookings' })).toHaveCount(0)
    await page.keyboard.press('Escape')

    await page.goto('/auth')
    // The visible tab panel: the Sign Up panel stays mounted (hidden) so its input is kept.
    const signIn = page.getByRole('tabpanel')
    await signIn.getByRole('textbox', { name: 'Email' }).fill(email)
    await signIn.getByLabel('Password').fill('not-the-password')
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByText('Invalid email or password. Please check your credentials.')).toBeVisible()
    await expect(signIn.getByRole('textbox', { name: 'Email' })).toHaveValue(email)

    await signIn.getByLabel('Password').fill(PASSWORD)
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByText("You've been successfully logged in.")).toBeVisible()
    // No profile yet: onboarding is where this member continues. The redirect waits for the
    // getMyProfile function, whose emulator worker may be starting cold under test load.
    await expect(page).toHaveURL(/\/onboarding\/mobile$/, { timeout: 20_000 })
  })

  test('signing up twice with one email says to sign in instead', async ({ page, context }) => {
    const email = newEmail()
    await signUp(page, email)
    await expect(page).toHaveURL(/\/onboarding\/mobile$/)
    await context.clearCookies()
    await page.evaluate(() => indexedDB.deleteDatabase('firebaseLocalStorageDb'))
    await signUp(page, email)
    await expect(
      page.getByText('An account with this email already exists. Please try signing in instead.'),
    ).toBeVisible()
  })

  for (const path of ['/auth', '/signup']) {
    test(`${path} is well formed and has no serious accessibility violation`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('button', { name: /Sign (In|Up)/ }).first()).toBeVisible()
      await expectWellFormedPage(page)
      await expectNoSeriousA11yViolations(page)
    })
  }
})

test.describe('getting back in', () => {
  test('Forgot password? sends the reset email; its link sets a new password and signs the member in, once', async ({
    page,
  }) => {
    const email = await onboardedAccount()
    await page.goto('/auth')
    await page.getByRole('tabpanel').getByRole('textbox', { name: 'Email' }).fill(email)
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    const reset = page.getByRole('form', { name: 'Reset your password' })
    await expect(reset.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
    await reset.getByRole('button', { name: 'Send reset link' }).click()
    await expect(reset.getByRole('status')).toHaveText(
      'If an account exists for this email, a link to set a new password is on its way. Check your inbox.',
      BACKEND,
    )
    await expectNoSeriousA11yViolations(page)

    // The link of the email, as the Auth emulator recorded it, opens the app's action page.
    const link = `/auth/action?mode=resetPassword&oobCode=${await oobCodeFor(email, 'PASSWORD_RESET')}`
    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible()
    await expect(page.getByText(`For ${email}`)).toBeVisible(BACKEND)
    await page.getByLabel('New password', { exact: true }).fill('short')
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill('a-new-horse-77')
    await page.getByLabel('Confirm new password').fill('a-new-horse-77')
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect(page).toHaveURL(/\/$/, BACKEND) // signed in; a complete profile goes home
    await page.goto('/auth')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible(BACKEND)

    // A link is good once.
    await page.goto(link)
    await expect(page.getByRole('alert')).toHaveText(
      'This link has expired or has already been used. Ask for a new one.',
      BACKEND,
    )
  })

  test("'Sign in to book' comes back to the event, the date dialog open at the chosen price and date", async ({
    page,
  }) => {
    const email = await onboardedAccount()
    await page.goto('/events/midweek-wednesday-dinner')
    await page.getByRole('button', { name: /Girls/ }).click()
    const dateDialog = page.getByRole('dialog', { name: 'Select a date' })
    await dateDialog.locator('label').nth(2).click()
    const chosen = await dateDialog.getByRole('radio').nth(2).getAttribute('value')
    await dateDialog.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('dialog', { name: 'Book your seat' }).getByRole('link', { name: 'Sign in to book' }).click()

    await expect(page).toHaveURL(/\/auth\?next=/)
    await signInAt(page, email)
    await expect(page).toHaveURL(/\/events\/midweek-wednesday-dinner$/, BACKEND)
    const back = page.getByRole('dialog', { name: 'Select a date' })
    await expect(back.getByRole('radio', { checked: true })).toHaveAttribute('value', chosen!)
    await back.getByRole('button', { name: 'Continue' }).click()
    const booking = page.getByRole('dialog', { name: 'Book your seat' })
    await expect(booking.getByText('₹499')).toBeVisible()
    await expect(booking.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rao', BACKEND)
  })

  test('a return path to another site is never followed', async ({ page }) => {
    const email = await onboardedAccount()
    await page.goto('/auth?next=//evil.example/phish')
    await signInAt(page, email)
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, BACKEND)
  })
})
