/**
 * A verified mobile, at 375 px, on the Auth emulator (it "sends" each code and lists it, as a
 * member reads it off their phone): a new member verifies at onboarding, books, and signs in by
 * phone the next day; a banned member's number is refused on a new account; a wrong and an expired
 * code get their messages. The members here sign up at a domain that must verify before booking.
 */
import type { Page } from '@playwright/test'
import { SEED } from '@yaari/domain/catalogue-seed'
import { CODE_LIFETIME_MS, PHONE_MESSAGES } from '@yaari/domain/phone'
import { authAccounts } from '../../dev/lib/config.mjs'
import * as api from '../fixtures/api'
import {
  admin,
  BACKEND,
  callAs,
  checkoutFor,
  expect,
  expectNoSeriousA11yViolations,
  freshMobile,
  mustVerifyEmail,
  PASSWORD,
  smsCode,
  submitSignUp,
  test,
} from './support'

test.use({ viewport: { width: 375, height: 780 } })

const proceed = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true }).click()
const codeField = (page: Page) => page.getByRole('textbox', { name: 'Code from the SMS' })

/** Signs up on the sign-up page and gives the mobile step `mobile`: the code screen follows. */
async function signUpAndAskForCode(page: Page, mobile: string, name = 'Asha Rao') {
  const email = mustVerifyEmail('phone')
  await submitSignUp(page, email, name)
  await expect(page).toHaveURL(/\/onboarding\/mobile$/, BACKEND)
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile)
  await proceed(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Enter the code we sent' })).toBeVisible(BACKEND)
  return email
}

/** The rest of onboarding: the one-page profile (its first steps at once), then its last steps. */
async function finishOnboarding(page: Page) {
  await page.goto('/onboarding/profile')
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rao')
  await page.getByLabel('Date of birth').fill('1995-06-15')
  await page.getByRole('combobox', { name: 'Gender' }).selectOption('Female')
  await page.getByRole('combobox', { name: 'Profession' }).selectOption('Tech')
  await proceed(page)
  // Each step is pressed once its own form is on screen (its code may still be coming).
  await expect(page.getByRole('heading', { level: 1, name: 'What do you do?' })).toBeVisible(BACKEND)
  await proceed(page)
  await page.getByRole('button', { name: 'Continue to Interests' }).click()
  await expect(page.getByRole('progressbar', { name: 'Step 6 of 8' })).toBeVisible(BACKEND)
  await page.getByText('Brunch', { exact: true }).click()
  await proceed(page)
  await expect(page.getByRole('progressbar', { name: 'Step 7 of 8' })).toBeVisible(BACKEND)
  await page.getByText('Koramangala', { exact: true }).click()
  await proceed(page)
  await expect(page.getByRole('heading', { level: 1, name: /Welcome to Yaari/ })).toBeVisible(BACKEND)
}

test('a new member verifies their mobile with the SMS code, books, and signs in by phone the next day', async ({
  page,
  browser,
}) => {
  test.slow()
  const mobile = freshMobile()
  await signUpAndAskForCode(page, mobile)
  await expect(page.getByText(PHONE_MESSAGES.codeSent)).toBeVisible()
  // Resend waits (30 s for the second code), and says so.
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled()
  await expect(page.getByText(/You can ask again in 0:[0-3]\d/)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await codeField(page).fill(await smsCode(mobile))
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await expect(page.getByText('Step 2 of 8')).toBeVisible(BACKEND)
  await finishOnboarding(page)

  // Booking does not ask again: the number on the profile is the verified one.
  await checkoutFor(page, 1, {
    name: 'Asha Rao',
    profession: 'tech',
    mobile: `${mobile.slice(0, 5)} ${mobile.slice(5)}`,
  })
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: "You're In" })).toBeVisible(BACKEND)

  // The next day, on a phone that was signed out: a code instead of the password.
  const nextDay = await browser.newContext({ viewport: { width: 375, height: 780 } })
  const phone = await nextDay.newPage()
  await phone.goto('/auth')
  await phone.getByRole('button', { name: 'Sign in with your phone' }).click()
  await phone.getByRole('textbox', { name: 'Mobile number' }).fill(mobile)
  await phone.getByRole('button', { name: 'Send code' }).click()
  await expect(codeField(phone)).toBeVisible(BACKEND)
  await codeField(phone).fill(await smsCode(mobile))
  await phone.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(phone).toHaveURL(/127\.0\.0\.1:\d+\/$/, BACKEND)
  await phone.goto('/my-bookings')
  const title = SEED.eventById('midweek-wednesday-dinner')?.title ?? ''
  await expect(phone.getByText(title).first()).toBeVisible(BACKEND)
  await nextDay.close()
})

test('a number no account verified signs nobody in by phone, and says to use email', async ({ page }) => {
  const mobile = freshMobile()
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Sign in with your phone' }).click()
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(codeField(page)).toBeVisible(BACKEND)
  await codeField(page).fill(await smsCode(mobile))
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page.getByText(PHONE_MESSAGES.noAccount)).toBeVisible(BACKEND)
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible()
})

test('a banned member’s number is refused on a new account, naming only the Community guidelines', async ({ page }) => {
  const mobile = freshMobile()
  // A member verifies the number through the public API (as the app does), and is banned.
  const banned = await api.newMember({ prefix: 'banned', profile: { mobile } })
  await callAs(banned, 'askForCode', { mobile })
  const { sessionInfo } = (await (
    await authAccounts('sendVerificationCode', { phoneNumber: `+91${mobile}` })
  ).json()) as { sessionInfo: string }
  const { idToken } = (await (
    await authAccounts('signInWithPassword', { email: banned.email, password: PASSWORD })
  ).json()) as { idToken: string }
  await authAccounts('signInWithPhoneNumber', { idToken, sessionInfo, code: await smsCode(mobile) })
  await callAs(banned, 'confirmPhone', {})
  await admin()
    .doc(`moderation/${banned.uid}`)
    .set({ level: 'banned', reason: 'Harassment at a dinner', at: Date.now() })

  const email = mustVerifyEmail('rejoin')
  await submitSignUp(page, email, 'New Name')
  await expect(page).toHaveURL(/\/onboarding\/mobile$/, BACKEND)
  const field = page.getByRole('textbox', { name: 'Mobile number' })
  await field.fill(mobile)
  await proceed(page)
  await expect(field).toHaveAccessibleDescription(PHONE_MESSAGES.taken, BACKEND)
  expect(PHONE_MESSAGES.taken).toContain('Community guidelines')
  await expect(page.getByText(/Harassment|dinner/)).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
})

test('a wrong code and an expired code get their messages; a new code after the wait verifies', async ({ page }) => {
  test.slow() // the server's 30 s before a second code, really waited
  await page.clock.install()
  const mobile = freshMobile()
  await signUpAndAskForCode(page, mobile)
  const askedAt = Date.now()
  const code = await smsCode(mobile)
  const wrong = code === '000000' ? '111111' : '000000'
  await codeField(page).fill(wrong)
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await expect(codeField(page)).toHaveAccessibleDescription(PHONE_MESSAGES.wrongCode, BACKEND)

  // Six minutes later the right code is too old.
  await page.clock.fastForward(CODE_LIFETIME_MS + 60_000)
  await codeField(page).fill(code)
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await expect(codeField(page)).toHaveAccessibleDescription(PHONE_MESSAGES.expiredCode)

  // The server spaces codes by its own clock (30 s before the second), not the phone's: that long, really.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, askedAt + 31_000 - Date.now())))
  const resend = page.getByRole('button', { name: 'Resend code' })
  await expect(resend).toBeEnabled()
  await resend.click()
  await expect.poll(() => smsCode(mobile), BACKEND).not.toBe(code)
  await codeField(page).fill(await smsCode(mobile))
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await expect(page.getByText('Step 2 of 8')).toBeVisible(BACKEND)
})
