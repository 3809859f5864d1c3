/**
 * A Wednesday dinner of twelve paid guests, seated in groups at 360 px: the city's host plans two
 * groups of six (two guests who blocked each other apart), moves one guest with the select, and
 * publishes. Before the reveal a member's ticket says when it comes; from the reveal (the date's
 * clock moved to its evening) it shows their group and the others' first names, also reloaded with
 * every request that leaves the app's origin hanging; the door's verdict names the group.
 */
import type { Locator, Page } from '@playwright/test'
import { pairId } from '@yaari/domain/after-night'
import { seatsCollectionPath } from '@yaari/domain/availability'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { DOOR_OPENS_BEFORE_MS, doorWindow } from '@yaari/domain/door'
import { availableDates } from '@yaari/domain/schedule'
import { DEMO_ACCOUNTS } from '../../dev/lib/demo-accounts.mjs'
import {
  admin,
  apiMember,
  BACKEND,
  expect,
  expectNoSeriousA11yViolations,
  hangOutsideRequests,
  paidThroughApi,
  phoneOf,
  signedInAs,
  test,
} from './support'

const dinner = SEED_EVENTS.find((event) => event.id === 'midweek-wednesday-dinner')!
const host = DEMO_ACCOUNTS.find((account) => !account.claims.admin)!
const date = availableDates(dinner)[7]!
const NAMES = ['Asha', 'Bala', 'Chitra', 'Dev', 'Esha', 'Farhan', 'Gita', 'Hari', 'Isha', 'Jai', 'Kavya', 'Lokesh']

test.use({ viewport: { width: 360, height: 780 } })

/** Leaves the date as it was, so another run on this stack can book it again. */
async function emptyDate() {
  const db = admin()
  await db.doc(`stack_clocks/${dinner.id}_${date}`).delete()
  await db.doc(`seatings/${dinner.id}_${date}`).delete()
  const ofDate = (collection: string) =>
    db.collection(collection).where('event_id', '==', dinner.id).where('event_date', '==', date).get()
  const found = await Promise.all([
    db.collection(seatsCollectionPath(dinner.id, date)).get(),
    ofDate('bookings'),
    ofDate('door_admissions'),
    ofDate('door_check_ins'),
  ])
  await Promise.all(found.flatMap((snapshot) => snapshot.docs.map((doc) => doc.ref.delete())))
}

/** A group's card on the console, by its number. */
const groupCard = (page: Page, n: number): Locator =>
  page
    .getByRole('list', { name: 'Groups' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name: `Group ${n}`, exact: true }),
    })
const guestsOf = (card: Locator) => card.getByRole('list', { name: /^Guests of group/ }).getByRole('listitem')

test('a host seats twelve guests in two groups; each guest sees their own at the reveal, also on a hanging signal', async ({
  page,
  browser,
}) => {
  test.slow()
  await emptyDate()
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
    await signedInAs(page, host)
    await page.goto(`/host/${dinner.id}/${date}`)
    const groups = page.getByRole('region', { name: 'Groups' })
    await expect(groups.getByText('No groups yet: plan them from the paid guests.')).toBeVisible(BACKEND)
    await expect(groups.getByText(/from 6:00 PM\. Groups of about 6\./)).toBeVisible()
    await groups.getByRole('button', { name: 'Plan groups' }).click()
    await expect(groups.getByText('Groups planned: publish them when they look right.')).toBeVisible(BACKEND)
    for (const n of [1, 2]) await expect(guestsOf(groupCard(page, n))).toHaveCount(6)
    const ashaInOne = (await guestsOf(groupCard(page, 1)).filter({ hasText: 'Asha Test' }).count()) === 1
    const [ashaGroup, otherGroup] = ashaInOne ? [1, 2] : [2, 1]
    await expect(guestsOf(groupCard(page, ashaGroup)).filter({ hasText: 'Bala Test' })).toHaveCount(0)
    await expect(guestsOf(groupCard(page, otherGroup)).filter({ hasText: 'Bala Test' })).toHaveCount(1)

    // Moving Bala next to Asha is refused; moving someone else is not.
    await groups.getByRole('combobox', { name: 'Move Bala Test to' }).selectOption(String(ashaGroup))
    await groups.getByRole('button', { name: 'Move Bala Test' }).click()
    await expect(groups.getByText('This guest cannot sit with someone in that group.')).toBeVisible(BACKEND)
    const mover = (await guestsOf(groupCard(page, otherGroup)).filter({ hasNotText: 'Bala Test' }).first().innerText())
      .split('\n')[0]!
      .split(' · ')[0]!
      .trim()
    await groups.getByRole('combobox', { name: `Move ${mover} to` }).selectOption(String(ashaGroup))
    await groups.getByRole('button', { name: `Move ${mover}` }).click()
    await expect(groups.getByText(`${mover} moved to group ${ashaGroup}.`)).toBeVisible(BACKEND)
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
    await groups.getByRole('button', { name: 'Publish groups' }).click()
    await expect(groups.getByText('Groups published: each guest sees theirs at the reveal.')).toBeVisible(BACKEND)
    await expectNoSeriousA11yViolations(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    const mates = (await guestsOf(groupCard(page, ashaGroup)).allInnerTexts())
      .map((text) => text.split(' ')[0]!.trim())
      .filter((first) => first !== 'Asha')

    // Before the reveal, Asha's ticket says when it comes.
    const ashaPage = await phoneOf(browser, asha)
    await ashaPage.goto(`/my-bookings/${orders[0]}`)
    await expect(ashaPage.getByText('Your group is revealed at 6:00 PM')).toBeVisible(BACKEND)

    // From the reveal: her group, the others' first names.
    const start = doorWindow(dinner, date).opens + DOOR_OPENS_BEFORE_MS
    await admin()
      .doc(`stack_clocks/${dinner.id}_${date}`)
      .set({ offset_ms: start + 3_600_000 - Date.now() })
    await ashaPage.reload()
    const row = ashaPage.getByRole('definition').filter({ hasText: `Group ${ashaGroup}` })
    await expect(row).toBeVisible(BACKEND)
    for (const first of mates) await expect(row).toContainText(first)
    await expect(row).not.toContainText('Bala')

    // At the venue, every request leaving the app's origin hangs: the ticket still shows the group.
    const signal = await hangOutsideRequests(ashaPage.context())
    await ashaPage.reload()
    await expect(ashaPage.getByRole('definition').filter({ hasText: `Group ${ashaGroup}` })).toBeVisible({
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
    await emptyDate()
  }
})
