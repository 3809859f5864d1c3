/**
 * A member's own profile and data, as a person uses them: every field edited (each check's message
 * seen once), the photo replaced (the old one gone from storage), the data downloaded, and the
 * account deleted (signing in fails, the profile, photos and held seat are gone, another member's
 * data stays).
 */
import { existsSync, readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { ACCOUNT_DATA_MESSAGES, type MyDataExport } from '@yaari/domain/account'
import { seatsCollectionPath } from '@yaari/domain/availability'
import { bookingRequest } from '@yaari/domain/booking.fixture'
import { SEED } from '@yaari/domain/catalogue-seed'
import { MESSAGES } from '@yaari/domain/profile'
import { availableDates } from '@yaari/domain/schedule'
import { ROOT } from '../../dev/lib/config.mjs'
import { waitForMail } from '../../dev/lib/mail-inbox.mjs'
import * as support from './support'
import { BACKEND, expect, stackJob, storedProfile, test } from './support'

// Real images the browser can decode and resize (1x1 PNGs of two colours).
const PHOTOS = [
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
].map((base64, i) => ({ name: `me-${i}.png`, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') }))

const midweek = SEED.eventById('midweek-wednesday-dinner')!

async function openProfile(page: Page) {
  const header = await support.unfoldedHeader(page)
  await header.getByRole('link', { name: 'Profile' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Your profile' })
  await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rao', BACKEND)
  return form
}

async function choosePhoto(page: Page, photo: (typeof PHOTOS)[number]) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choose a photo' }).click()
  await (await chooser).setFiles(photo)
  await expect(page.getByRole('img', { name: 'Your avatar preview' })).toBeVisible()
}

/** The pictures the photo store holds for a member. */
const storedPhotos = (uid: string) => {
  const folder = join(ROOT, '.tmp', 'photo-store', 'profile-pictures', uid)
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.jpg')) : []
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Your profile is saved.')).toBeVisible(BACKEND)
}

test('a member edits every field of their profile, each check seen once, and replaces the photo', async ({ page }) => {
  const email = await support.onboardedMember(page)
  await page.goto('/')
  const form = await openProfile(page)
  await expect(form.getByRole('textbox', { name: /Phone/ })).toHaveValue('98765 43210')
  await expect(form.getByRole('combobox', { name: /Gender/ })).toHaveValue('female')
  await expect(form.getByRole('checkbox', { name: 'Brunch', exact: true })).toBeChecked()
  await support.expectNoSeriousA11yViolations(page)

  // Every field wrong at once: each message once, and nothing saved.
  await form.getByRole('textbox', { name: /Phone/ }).fill('12345')
  await form.getByRole('textbox', { name: 'Full name' }).fill('A1')
  const tooYoung = `${new Date().getFullYear() - 10}-01-01`
  await form.getByLabel(/Date of birth/).fill(tooYoung)
  await form.getByRole('combobox', { name: /Gender/ }).selectOption('')
  await form.getByRole('combobox', { name: /Profession/ }).selectOption('')
  for (const interest of ['Brunch', 'Travel']) {
    const box = form.getByRole('checkbox', { name: interest, exact: true })
    if (await box.isChecked()) await form.getByText(interest, { exact: true }).click()
  }
  await form.getByRole('textbox', { name: /Location/ }).fill('')
  await page.getByRole('button', { name: 'Save changes' }).click()
  for (const message of [
    MESSAGES.mobileInvalid,
    MESSAGES.nameInvalid,
    MESSAGES.tooYoung,
    'Please choose your gender',
    'Please choose your profession',
    'Please choose at least one interest',
    'Please choose an area or type yours',
  ]) {
    await expect(form.getByText(message, { exact: true })).toHaveCount(1)
  }
  expect((await storedProfile(email))?.name).toBe('Asha Rao')

  // Put right, changed, with a photo.
  await form.getByRole('textbox', { name: /Phone/ }).fill('91234 56789')
  await form.getByRole('textbox', { name: 'Full name' }).fill('Asha Kumar')
  await form.getByLabel(/Date of birth/).fill('1990-02-03')
  await form.getByRole('combobox', { name: /Gender/ }).selectOption('non-binary')
  await form.getByRole('combobox', { name: /Profession/ }).selectOption('Creative & design')
  await form.getByText('Art', { exact: true }).click()
  await form.getByText('Outdoor', { exact: true }).click()
  await form.getByRole('textbox', { name: /Location/ }).fill('Indiranagar')
  await form.getByRole('textbox', { name: /Bio/ }).fill('Board games and long walks.')
  // The booking's questions, none answered yet: one is answered here, the others stay unanswered.
  for (const answer of ['Food preference', 'Personality type', 'Drinking preference', 'Relationship status']) {
    await expect(form.getByRole('combobox', { name: answer })).toHaveValue('')
  }
  await form.getByRole('combobox', { name: 'Food preference' }).selectOption('Vegetarian')
  // Seated by food and age only: the form says what seating uses, and the choice is kept.
  const seating = form.getByRole('checkbox', { name: 'Use my interests and personality type to seat me in a group' })
  await expect(seating).toBeChecked()
  await expect(form.getByText(/Your date of birth and relationship status are never shown to anyone/)).toBeVisible()
  await form.getByText('Use my interests and personality type to seat me in a group').click()
  await expect(seating).not.toBeChecked()
  await choosePhoto(page, PHOTOS[0]!)
  // Said as this page's button is named (there is no Continue here).
  await expect(form.getByText('Not uploaded yet: it uploads when you press Save changes.')).toBeVisible()
  await save(page)
  const first = await storedProfile(email)
  expect(first).toMatchObject({
    name: 'Asha Kumar',
    mobile: '+919123456789',
    date_of_birth: '1990-02-03',
    gender: 'non-binary',
    profession: 'creative',
    interests: JSON.stringify(['art', 'outdoor']),
    location: 'indiranagar',
    bio: 'Board games and long walks.',
    seat_by_answers: false,
    food_preference: 'vegetarian',
  })
  expect(first).not.toHaveProperty('personality_type')
  expect((await page.request.get(first?.profile_picture_url)).status()).toBe(200)

  // A new photo replaces the old one, which is gone from storage.
  await expect(form.getByRole('img', { name: 'Asha Kumar' })).toBeVisible()
  await form.getByRole('button', { name: 'Change photo' }).click()
  await choosePhoto(page, PHOTOS[1]!)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect
    .poll(async () => (await storedProfile(email))?.profile_picture_url, BACKEND)
    .not.toBe(first?.profile_picture_url)
  const second = await storedProfile(email)
  expect((await page.request.get(second?.profile_picture_url)).status()).toBe(200)
  expect((await page.request.get(first?.profile_picture_url)).status()).toBe(404)

  // The changes are what the page shows after a reload.
  await page.reload()
  await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Kumar', BACKEND)
  await expect(form.getByRole('textbox', { name: /Location/ })).toHaveValue('Indiranagar')
  await expect(form.getByRole('combobox', { name: 'Food preference' })).toHaveValue('vegetarian')
  await expect(
    form.getByRole('checkbox', { name: 'Use my interests and personality type to seat me in a group' }),
  ).not.toBeChecked()

  // Sign Out is on the profile too.
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/$/, BACKEND)
  await expect(page.getByRole('link', { name: 'Join Now' })).toBeVisible()
})

test('a member downloads their data, then deletes the account', async ({ page }) => {
  test.slow() // a booking, a photo, an export, two password checks and the deletion: ~26 s on 2 cores
  const other = await support.onboardedAccount()
  const member = await support.apiMember('Asha Rao')
  const { email, uid } = member
  await support.signedInAs(page, member)
  // A seat held at checkout (a booking not paid yet), and a photo.
  const request = bookingRequest('midweek-wednesday-dinner', availableDates(midweek).at(-3)!)
  const { order_id: orderId } = await member.call<{ order_id: string }>('createBooking', {
    ...request,
    userProfile: { ...request.userProfile, name: member.name, email },
  })
  const booking = (await support.admin().collection('bookings').doc(orderId).get()).data()!
  const seats = () => support.admin().collection(seatsCollectionPath(booking.event_id, booking.event_date))
  expect((await seats().where('order_id', '==', booking.order_id).get()).size).toBe(1)
  await page.goto('/')
  await openProfile(page)
  await choosePhoto(page, PHOTOS[0]!)
  await save(page)
  expect(storedPhotos(uid)).toHaveLength(1)

  // Download my data: the member's profile and booking, nothing of another member.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download my data' }).click()
  const file = await downloading
  expect(file.suggestedFilename()).toMatch(/^yaari-data-\d{4}-\d\d-\d\d\.json$/)
  const text = await readFile((await file.path())!, 'utf8')
  const data = JSON.parse(text) as MyDataExport
  expect(data.account.email).toBe(email)
  expect(data.profile).toMatchObject({ email, name: 'Asha Rao' })
  expect(data.bookings.map((b) => b.order_id)).toEqual([booking.order_id])
  expect(text).not.toContain(other)

  // Delete my account: told what happens, asked for the password (a wrong one is refused).
  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await expect(dialog.getByText(/cannot be undone/)).toBeVisible()
  await support.expectNoSeriousA11yViolations(page)
  await dialog.getByLabel(/Password/).fill('not-my-password')
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(dialog.getByText('Invalid email or password. Please check your credentials.')).toBeVisible(BACKEND)
  await dialog.getByLabel(/Password/).fill(support.PASSWORD)
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByText(ACCOUNT_DATA_MESSAGES.deleted)).toBeVisible(BACKEND)
  await expect(page).toHaveURL(/\/$/)

  // Gone: the profile, the photos, the held seat; the booking keeps only its accounting.
  expect(await storedProfile(email)).toBeUndefined()
  expect(storedPhotos(uid)).toEqual([])
  expect((await seats().where('order_id', '==', booking.order_id).get()).size).toBe(0)
  const after = (await support.admin().collection('bookings').doc(booking.order_id).get()).data()
  expect(after).toMatchObject({ order_id: booking.order_id, amount: booking.amount, attendee: {}, status: 'expired' })
  // Another member's data is untouched.
  expect(await storedProfile(other)).toMatchObject({ email: other, name: 'Asha Rao' })

  // The confirmation email, and no way back in.
  await stackJob('deliverMail')
  const mails = await waitForMail(email)
  expect(mails.map((mail) => mail.subject)).toContain('Your Yaari account has been deleted')
  await support.signInAt(page, email)
  await expect(page.getByText('Invalid email or password. Please check your credentials.')).toBeVisible(BACKEND)
})

test.describe('offline', () => {
  test.use(support.WITH_SERVICE_WORKER)

  test("the profile opens from the device's copy, and says changes need a connection", async ({ page, context }) => {
    await support.onboardedMember(page)
    await page.goto('/')
    await support.controlledByServiceWorker(page)
    await openProfile(page)
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByText(/^Updated .+ · you’re offline$/)).toBeVisible(BACKEND)
    await expect(page.getByText('You’re offline: changes to your profile need a connection.')).toBeVisible()
    const form = page.getByRole('form', { name: 'Your profile' })
    await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rao')
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Delete my account' })).toBeDisabled()
    await context.setOffline(false)
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled(BACKEND)
  })
})
