/**
 * A Wednesday dinner of twelve paid guests, seated in groups at 360 px: the city's host plans two
 * groups of six (two guests who blocked each other apart), moves one guest with the select, and
 * publishes. Before the reveal a member's ticket says when it comes; from the reveal (the date's
 * clock moved to its evening) it shows their group and the others' first names, also reloaded with
 * every request that leaves the app's origin hanging; the door's verdict names the group.
 */
import type { Locator, Page } from '@playwright/test'
import { pairId } from '@yaari/domain/after-night-rules'
import { SEED } from '@yaari/domain/catalogue-seed'
import { availableDates, formatShortDate } from '@yaari/domain/schedule'
import {
  admin,
  apiMember,
  atTheNight,
  BACKEND,
  emptyDate,
  expect,
  expectNoSeriousA11yViolations,
  hangOutsideRequests,
  hostAccount,
  openHostDate,
  paidThroughApi,
  phoneOf,
  test,
} from './support'

const dinner = SEED.eventById('midweek-wednesday-dinner')!
const date = availableDates(dinner)[7]!
const NAMES = ['Asha', 'Bala', 'Chitra', 'Dev', 'Esha', 'Farhan', 'Gita', 'Hari', 'Isha', 'Jai', 'Kavya', 'Lokesh']

test.use({ viewport: { width: 360, height: 780 } })

/** Leaves the date as it was, its groups included, so another run on this stack can book it again. */
async function emptyDinner() {
  await emptyDate(dinner, date)
  await admin().doc(`seatings/${dinner.id}_${date}`).delete()
}

/** A group's card on the console, by its number. */
const groupCard = (page: Page, n: number): Locator =>
  page
    .getByRole('list', { name: 'Groups' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name: `Group ${n}`, exact: true }),
    })
/** A button with no fill (outline). */
const TRANSPARENT = 'rgba(0, 0, 0, 0)'
const guestsOf = (card: Locator) => card.getByRole('list', { name: /^Guests of group/ }).getByRole('listitem')

test('a host seats twelve guests in two groups; each guest sees their own at the reveal, also on a hanging signal', async ({
  page,
  browser,
}) => {
  test.slow()
  await emptyDinner()
  try {
    const members = []
    for (const name of NAMES) members.push(await apiMember(`${name} Test`))
    const orders = []
    for (const member of members) orders.push((await paidThroughApi(member, dinner.id, date)).orderId)
    // Asha blocked Bala after an earlier evening: they must never share a group.
    const [asha, bala] = [members[0]!, members[1]!]
    await admin()
      .doc(`blocks/${pairId(asha.uid, bala.uid)}`)
      .set({ from: asha.uid, to: bala.uid, at: Date.now() })

    // The host plans the groups.
    await openHostDate(page, hostAccount, dinner.id, date)
    const groups = page.getByRole('region', { name: 'Groups' })
    // Below twelve guests' rows, the groups are one tap away from the top of the page.
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Groups' }).click()
    await expect(groups.getByRole('heading', { name: 'Groups' })).toBeInViewport()
    await expect(groups.getByRole('heading', { name: 'Groups' })).toBeFocused()
    await expect(groups.getByText('No groups yet: plan them from the paid guests.')).toBeVisible(BACKEND)
    // The reveal says its day, not only its time (this evening is weeks away).
    await expect(groups.getByText(`from 6:00 PM on ${formatShortDate(date)}. Groups of about 6.`)).toBeVisible()
    await groups.getByRole('button', { name: 'Plan groups' }).click()
    await expect(groups.getByText('Groups planned: publish them when they look right.')).toBeVisible(BACKEND)
    for (const n of [1, 2]) await expect(guestsOf(groupCard(page, n))).toHaveCount(6)
    const ashaInOne = (await guestsOf(groupCard(page, 1)).filter({ hasText: 'Asha Test' }).count()) === 1
    const [ashaGroup, otherGroup] = ashaInOne ? [1, 2] : [2, 1]
    await expect(guestsOf(groupCard(page, ashaGroup)).filter({ hasText: 'Bala Test' })).toHaveCount(0)
    await expect(guestsOf(groupCard(page, otherGroup)).filter({ hasText: 'Bala Test' })).toHaveCount(1)

    // Moving Bala next to Asha is refused, said on Bala's row where the host tapped; moving someone else is not.
    await groups.getByRole('combobox', { name: 'Move Bala Test to' }).selectOption(String(ashaGroup))
    await groups.getByRole('button', { name: 'Move Bala Test' }).click()
    const refusal = guestsOf(groupCard(page, otherGroup))
      .filter({ hasText: 'Bala Test' })
      .getByText('This guest cannot sit with someone in that group.')
    await expect(refusal).toBeVisible(BACKEND)
    await expect(refusal).toBeInViewport()
    const mover = (await guestsOf(groupCard(page, otherGroup)).filter({ hasNotText: 'Bala Test' }).first().innerText())
      .split('\n')[0]!
      .split(' · ')[0]!
      .trim()
    await groups.getByRole('combobox', { name: `Move ${mover} to` }).selectOption(String(ashaGroup))
    await groups.getByRole('button', { name: `Move ${mover}` }).click()
    const moved = guestsOf(groupCard(page, ashaGroup))
      .filter({ hasText: mover })
      .getByText(`${mover} moved to group ${ashaGroup}.`)
    await expect(moved).toBeVisible(BACKEND)
    await expect(moved).toBeInViewport()
    // The focus follows the guest to their new group, for the next move by keyboard.
    await expect(groups.getByRole('combobox', { name: `Move ${mover} to` })).toBeFocused()
    await expect(guestsOf(groupCard(page, ashaGroup))).toHaveCount(7)
    await expect(guestsOf(groupCard(page, ashaGroup)).filter({ hasText: mover })).toHaveCount(1)
    // Re-planning would undo the move: asked first, and kept.
    await groups.getByRole('button', { name: 'Re-plan unlocked groups' }).click()
    const asked = page.getByRole('dialog', { name: 'Re-plan the unlocked groups?' })
    await expect(asked).toBeVisible()
    await asked.getByRole('button', { name: 'Keep' }).click()
    await expect(asked).toBeHidden()
    await expect(guestsOf(groupCard(page, ashaGroup)).filter({ hasText: mover })).toHaveCount(1)
    // "Publish groups" is the next step while guests would see something new, then a quiet button.
    const publish = groups.getByRole('button', { name: 'Publish groups' })
    await expect(publish).not.toHaveCSS('background-color', TRANSPARENT)
    await publish.click()
    await expect(groups.getByText('Groups published: each guest sees theirs at the reveal.')).toBeVisible(BACKEND)
    await expect(publish).toHaveCSS('background-color', TRANSPARENT)
    await expectNoSeriousA11yViolations(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    const mates = (await guestsOf(groupCard(page, ashaGroup)).allInnerTexts())
      .map((text) => text.split(' ')[0]!.trim())
      .filter((first) => first !== 'Asha')

    // Before the reveal, Asha's ticket says when it comes.
    const ashaPage = await phoneOf(browser, asha)
    await ashaPage.goto(`/my-bookings/${orders[0]}`)
    await expect(ashaPage.getByText(`Your group is revealed at 6:00 PM on ${formatShortDate(date)}`)).toBeVisible(
      BACKEND,
    )

    // From the reveal: her group, the others' first names.
    await atTheNight(dinner, date)
    await ashaPage.reload()
    // At the top of her ticket, above the pass, on a phone's first screen.
    const row = ashaPage.getByRole('region', { name: 'Your group' })
    await expect(row).toContainText(`Group ${ashaGroup}`, BACKEND)
    await expect(row).toBeInViewport()
    for (const first of mates) await expect(row).toContainText(first)
    await expect(row).not.toContainText('Bala')

    // At the venue, every request leaving the app's origin hangs: the ticket still shows the group.
    const signal = await hangOutsideRequests(ashaPage.context())
    await ashaPage.reload()
    await expect(ashaPage.getByRole('region', { name: 'Your group' })).toContainText(`Group ${ashaGroup}`, {
      timeout: 5_000,
    })
    // What hung: Firebase Auth's account look-up (and the refresh of the bookings behind it).
    await expect.poll(() => signal.hung.some((url) => url.includes('accounts:lookup')), BACKEND).toBe(true)
    await signal.release()
    await ashaPage.context().close()

    // The door's verdict names Asha's group.
    await page.goto(`/host/${dinner.id}/${date}/door`)
    await page.getByRole('textbox', { name: 'This door' }).fill('Front door')
    await page.getByRole('button', { name: 'Get ready for the door' }).click()
    await expect(page.getByText(/^Ready: \d+ paid guests? saved on this phone\.$/)).toBeVisible(BACKEND)
    await page.getByRole('tab', { name: 'By name' }).click()
    await page.getByRole('searchbox', { name: 'Name or short code' }).fill('Asha Test')
    await page.getByRole('button', { name: 'Admit Asha Test' }).click()
    await expect(page.getByRole('alertdialog')).toContainText(`Group ${ashaGroup}`)
  } finally {
    await emptyDinner()
  }
})
