/**
 * Help at the venue, with two browsers: a guest at the venue (375 px) taps "Alert the
 * coordinator" on their ticket; the coordinator's door screen shows the banner within 5 s, and the
 * coordinator's phone (which said yes to pushes on that screen) receives the push: the push stand-in
 * decrypts it and the service worker shows it. The coordinator answers and the guest's screen says so. The same tap made offline is sent on
 * reconnect. After the evening, a host turns the alert into a report from the console. With every
 * outside request hanging, the help sheet's numbers show within 1 s. The
 * date's clock (the stack's, and the phones') stands an hour into its evening.
 */
import type { Page } from '@playwright/test'
import { SEED } from '@yaari/domain/catalogue-seed'
import { HELP_MESSAGES } from '@yaari/domain/help'
import { NOTIFICATION_COPY } from '@yaari/domain/notification-copy'
import { availableDates, eventStartInstant } from '@yaari/domain/schedule'
import { pushDevice, shownNotifications } from './push-device'
import {
  apiMember,
  atTheNight,
  BACKEND,
  callAs,
  controlledByServiceWorker,
  emptyDate,
  expect,
  hangOutsideRequests,
  hostAccount,
  idTokenOf,
  paidThroughApi,
  phoneOf,
  test,
  WITH_SERVICE_WORKER,
} from './support'

const sunday = SEED.eventById('unplanned-sunday-social-mixup')!
const date = availableDates(sunday).at(-3)!
// An hour after it starts, as the stack's clock for the date stands (atTheNight).
const evening = eventStartInstant(date, sunday.startTime).getTime() + 3_600_000

test.afterAll(() => emptyDate(sunday, date, ['alerts']))

/** `page`'s clock an hour into the date's evening, before it loads the app. */
const atTheVenue = (page: Page) => page.clock.install({ time: evening })

test('a guest alerts the coordinator from the ticket; the door screen shows it within 5 s; the answer comes back', async ({
  browser,
}) => {
  test.slow()
  await atTheNight(sunday, date)
  const guest = await apiMember('Tara Menon')
  const { orderId } = await paidThroughApi(guest, sunday.id, date)
  // The Bangalore host coordinates the date.
  const hostUid = JSON.parse(Buffer.from((await idTokenOf(hostAccount)).split('.')[1]!, 'base64url').toString()).user_id
  await callAs(hostAccount, 'setCoordinators', { eventId: sunday.id, eventDate: date, coordinators: [hostUid] })

  // The coordinator's phone says yes to pushes where the door tells them they coordinate.
  const door = await phoneOf(browser, hostAccount, WITH_SERVICE_WORKER)
  const coordinatorsPhone = await pushDevice(door.context())
  await atTheVenue(door)
  await door.goto(`/host/${sunday.id}/${date}/door`)
  await controlledByServiceWorker(door)
  await expect(door.getByText(HELP_MESSAGES.coordinating)).toBeVisible(BACKEND)
  const ask = door.getByRole('region', { name: NOTIFICATION_COPY.forCoordinator })
  await ask.getByRole('button', { name: NOTIFICATION_COPY.allow }).click()
  await expect(ask.getByText(NOTIFICATION_COPY.allowed)).toBeVisible(BACKEND)

  const phone = await phoneOf(browser, guest, { viewport: { width: 375, height: 780 } })
  await atTheVenue(phone)
  await phone.goto(`/my-bookings/${orderId}`)
  await phone.getByRole('button', { name: HELP_MESSAGES.needHelp }).click()
  const sheet = phone.getByRole('dialog', { name: HELP_MESSAGES.needHelp })
  await expect(sheet.getByRole('link', { name: 'Ambulance: 108' })).toHaveAttribute('href', 'tel:108')
  await sheet.getByText('I feel unsafe').click()
  await sheet.getByRole('textbox', { name: /A note/ }).fill('Near the bar')
  await sheet.getByRole('button', { name: HELP_MESSAGES.alert }).click()
  await expect(sheet.getByRole('status')).toHaveText(HELP_MESSAGES.sent, BACKEND)

  // Within 5 s on the coordinator's door screen, and it stays until answered.
  const banner = door.getByRole('alert').getByRole('region', { name: 'Tara needs help: I feel unsafe' })
  await expect(banner).toBeVisible({ timeout: 5_000 })
  // And pushed to the coordinator's phone, whose service worker shows it.
  const pushed = await coordinatorsPhone.received('Tara needs help (I feel unsafe)')
  expect(pushed.json).toMatchObject({ body: `${sunday.title}: Near the bar`, url: `/host/${sunday.id}/${date}` })
  await coordinatorsPhone.deliver(door, pushed)
  await expect.poll(() => shownNotifications(door)).toContainEqual({ title: pushed.json.title, body: pushed.json.body })
  await banner.getByRole('button', { name: 'On my way' }).click()
  await expect(banner).toHaveCount(0, BACKEND)
  await expect(sheet.getByText(/ is on (her|his|their) way, /)).toBeVisible(BACKEND)

  // Offline: the tap is kept, the guest told, and it goes when the phone is back.
  await phone.context().setOffline(true)
  await sheet.getByText('I can’t find the group').click()
  await sheet.getByRole('button', { name: HELP_MESSAGES.alert }).click()
  await expect(sheet.getByRole('status')).toHaveText(HELP_MESSAGES.queued)
  await phone.context().setOffline(false)
  await expect(sheet.getByRole('status')).toHaveText(HELP_MESSAGES.sent, BACKEND)
  await expect(
    door.getByRole('alert').getByRole('region', { name: 'Tara needs help: I can’t find the group' }),
  ).toBeVisible(BACKEND)

  // After the evening, on the console: each alert, how it ended, and a host turns one into a report
  // about another guest of the date, which joins the reports.
  const vikram = await apiMember('Vikram Das')
  await paidThroughApi(vikram, sunday.id, date)
  await door.goto(`/host/${sunday.id}/${date}`)
  const first = door
    .getByRole('list', { name: 'Alerts during the evening' })
    .getByRole('listitem')
    .filter({ hasText: 'Tara Menon: I feel unsafe' })
  await expect(first).toContainText(/Answered at .+ by .+ is on (her|his|their) way/, BACKEND)
  await first.getByRole('button', { name: 'Turn into a report' }).click()
  await first.getByRole('combobox', { name: 'About' }).selectOption({ label: 'Vikram Das' })
  await first.getByRole('combobox', { name: 'What happened?' }).selectOption({ label: 'Made me feel unsafe' })
  const words = first.getByRole('textbox', { name: 'What the report says' })
  await expect(words).toHaveValue('Near the bar')
  const told = `He followed Tara to the bar (${crypto.randomUUID().slice(0, 8)})`
  await words.fill(told)
  await first.getByRole('button', { name: 'File the report' }).click()
  await expect(first.getByText('Turned into a report')).toBeVisible(BACKEND)
  await first.getByRole('link', { name: 'See the reports' }).click()
  const report = door.getByRole('listitem').filter({ hasText: told })
  await expect(report.getByRole('heading', { name: 'Vikram: Made me feel unsafe' })).toBeVisible(BACKEND)

  // The same phone with every outside request hanging: the sheet's numbers show at once.
  await phone.getByRole('button', { name: 'Close' }).click()
  const { release } = await hangOutsideRequests(phone.context())
  await phone.reload()
  await phone.getByRole('button', { name: HELP_MESSAGES.needHelp }).click()
  await expect(phone.getByRole('link', { name: 'Emergency: 112' })).toBeVisible({ timeout: 1_000 })
  await release()
})
