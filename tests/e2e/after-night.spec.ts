/**
 * After the night, in Debian's Chromium at 360 px: three members are checked in at the door by
 * name; the morning-after job runs as the scheduler would the morning after; each gets a "How
 * was…" email. Asha picks Bala and Chitra, Bala picks Asha, Chitra picks nobody: Asha and Bala each
 * see the other's Instagram handle, Chitra sees nothing of being picked. Asha reports Chitra (the
 * emergency number and the 24/7 contact are shown at once); the Bangalore host sees the report,
 * warns Chitra, and Asha's report says it was looked at; the host's date page shows the rating
 * and "1 connection". Then, with every request leaving the app's origin hanging, a guest's feedback
 * is kept on the device and sent once the signal is back.
 */
import { randomUUID } from 'node:crypto'
import { morningAfter, nightId } from '@yaari/domain/after-night-rules'
import { SEED } from '@yaari/domain/catalogue-seed'
import { availableDates } from '@yaari/domain/schedule'
import { SITE } from '@yaari/domain/site'
import { mailWithSubject } from '../../dev/lib/mail-inbox.mjs'
import {
  admin,
  apiMember,
  atTheNight,
  BACKEND,
  callAs,
  emptyDate,
  expect,
  expectNoSeriousA11yViolations,
  expectOneMain,
  hangOutsideRequests,
  hostAccount,
  paidThroughApi,
  phoneOf,
  signedInAs,
  stackJob,
  test,
  waitOutTheCall,
} from './support'

const sunday = SEED.eventById('unplanned-sunday-social-mixup')!
const date = availableDates(sunday)[6]!
/** The second test's date, a week before: its morning-after job would close the first's evening a week on. */
const quietDate = availableDates(sunday)[5]!

// One after the other: running the job as of a morning closes any evening whose week ended before it.
test.describe.configure({ mode: 'serial' })

test.use({ viewport: { width: 360, height: 780 } })

/** Leaves the date as it was, its evening after included, so another run on this stack can book it again. */
async function emptyEvening(date: string) {
  await emptyDate(sunday, date, ['feedback', 'reports', 'connections'])
  const db = admin()
  await db.doc(`nights/${nightId(sunday.id, date)}`).delete()
  const picks = await db.collection('picks').where('night', '==', nightId(sunday.id, date)).get()
  await Promise.all(picks.docs.map((doc) => doc.ref.delete()))
}

test('three guests after the night: feedback, a connection, nothing told to the third, a report a host acts on', async ({
  page,
  browser,
}) => {
  // Four people on four phones and a host, through the night and the morning after: 1.1-1.4 min on 2 cores.
  test.setTimeout(180_000)
  await atTheNight(sunday, date)
  try {
    const [asha, bala, chitra] = await Promise.all([
      apiMember('Asha Rao'),
      apiMember('Bala Iyer'),
      apiMember('Chitra Das'),
    ])
    const orders = {
      asha: (await paidThroughApi(asha, sunday.id, date)).orderId,
      bala: (await paidThroughApi(bala, sunday.id, date)).orderId,
      chitra: (await paidThroughApi(chitra, sunday.id, date)).orderId,
    }

    // The host checks the three in at the door, by name.
    await signedInAs(page, hostAccount)
    await page.goto(`/host/${sunday.id}/${date}/door`)
    await page.getByRole('textbox', { name: 'This door' }).fill('Front door')
    await page.getByRole('button', { name: 'Get ready for the door' }).click()
    await expect(page.getByText(/^Ready: \d+ paid guests? saved on this phone\.$/)).toBeVisible(BACKEND)
    await page.getByRole('tab', { name: 'By name' }).click()
    for (const name of ['Asha Rao', 'Bala Iyer', 'Chitra Das']) {
      await page.getByRole('searchbox', { name: 'Name or short code' }).fill(name)
      await page.getByRole('button', { name: `Admit ${name}` }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Next guest' }).click()
    }
    await expect(page.getByText(/Every check-in synced/)).toBeVisible(BACKEND)

    // The morning after, 10:00 IST: the job asks each of them.
    const morning = new Date(morningAfter(date) + 60_000)
    expect(await stackJob('morningAfter', { at: morning })).toMatchObject({ asked: 3 })
    await stackJob('deliverMail', { at: morning })
    for (const member of [asha, bala, chitra]) {
      await mailWithSubject(member.email, `How was ${sunday.title}?`)
    }

    // Asha shares her Instagram handle with connections (nothing is shared until she does).
    const ashaPage = await phoneOf(browser, asha)
    await ashaPage.goto('/profile/connections')
    await ashaPage.getByRole('radio', { name: 'Instagram handle' }).check({ force: true })
    await ashaPage.getByRole('textbox', { name: 'Instagram handle' }).fill('asha rao')
    await ashaPage.getByRole('button', { name: 'Save what I share' }).click()
    await expect(
      ashaPage.getByText('Please enter an Instagram handle (letters, numbers, dots and underscores)'),
    ).toBeVisible()
    await ashaPage.getByRole('textbox', { name: 'Instagram handle' }).fill('@asha.rao')
    await ashaPage.getByRole('button', { name: 'Save what I share' }).click()
    await expect(ashaPage.getByText('Saved: this is what your connections see.')).toBeVisible(BACKEND)
    await bala.call('saveSharing', { contactKind: 'instagram', contact: '@bala.iyer', showPhoto: false })

    // Her booking asks how it was; she rates it and picks Bala and Chitra.
    await ashaPage.goto('/my-bookings')
    const card = ashaPage.getByRole('region', { name: `How was ${sunday.title}?` })
    await card.getByRole('link', { name: 'Tell us how it was' }).click()
    await expect(ashaPage.getByRole('heading', { name: `How was ${sunday.title}?`, level: 1 })).toBeVisible(BACKEND)
    await ashaPage.getByRole('button', { name: 'Send feedback' }).click()
    await expect(ashaPage.getByText('Please rate the evening from 1 to 5.')).toBeVisible()
    await ashaPage.getByRole('radio', { name: '5: Loved it' }).check({ force: true })
    await ashaPage.getByRole('textbox', { name: 'Anything you want to tell us? (optional)' }).fill('Lovely table.')
    await ashaPage.getByRole('button', { name: 'Send feedback' }).click()
    await expect(ashaPage.getByText('Thank you: your feedback is saved.')).toBeVisible(BACKEND)
    for (const name of ['Bala', 'Chitra']) {
      await ashaPage.getByRole('button', { name: `Meet again? ${name}` }).click()
      await expect(ashaPage.getByRole('button', { name: `Would meet again ${name}` })).toBeVisible(BACKEND)
    }
    await expectNoSeriousA11yViolations(ashaPage)
    await expectOneMain(ashaPage)
    expect(await ashaPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

    // Bala picks Asha: they are connected, and each sees the other's handle.
    const balaPage = await phoneOf(browser, bala)
    await balaPage.goto(`/my-bookings/${orders.bala}/after`)
    await balaPage.getByRole('button', { name: 'Meet again? Asha' }).click()
    await expect(balaPage.getByText('You and Asha picked each other!')).toBeVisible(BACKEND)
    await expect(balaPage.getByText('Asha: Instagram handle @asha.rao')).toBeVisible(BACKEND)
    await ashaPage.reload()
    await expect(ashaPage.getByText('Bala: Instagram handle @bala.iyer')).toBeVisible(BACKEND)
    await balaPage.goto('/my-bookings')
    await expect(
      balaPage.getByText('1 connection from this evening: you and someone you picked picked each other.'),
    ).toBeVisible(BACKEND)

    // Chitra picked nobody, and nothing tells her she was picked.
    const chitrasView = (await chitra.call('getAfterNight', { orderId: orders.chitra })) as {
      guests: { picked: boolean; connected: boolean }[]
      connections: unknown[]
    }
    expect(chitrasView.connections).toEqual([])
    expect(chitrasView.guests.every((guest) => !guest.picked && !guest.connected)).toBe(true)
    expect(((await chitra.call('listConnections', {})) as { connections: unknown[] }).connections).toEqual([])

    // Asha reports Chitra: who to call in an emergency comes first.
    await ashaPage.getByRole('button', { name: 'Report Chitra' }).click()
    const report = ashaPage.getByRole('dialog', { name: 'Report Chitra' })
    await expect(report.getByText('In danger right now? Call 108.')).toBeVisible()
    await expect(report.getByText(`Our 24/7 emergency contact: ${SITE.phone}.`)).toBeVisible()
    await report.getByRole('radio', { name: 'Harassment' }).check({ force: true })
    await report.getByRole('textbox', { name: 'Tell us more' }).fill('Kept making comments after I asked her to stop.')
    await report.getByRole('button', { name: 'Send report' }).click()
    await expect(ashaPage.getByText('Chitra (Harassment): Sent. Our team will look at it.')).toBeVisible(BACKEND)

    // The city's host sees it (never who made it) and warns Chitra.
    await page.goto('/host/reports')
    const entry = page.getByRole('listitem').filter({ hasText: 'Chitra: Harassment' })
    await expect(entry).toBeVisible(BACKEND)
    await expect(entry).not.toContainText('Asha')
    await entry.getByRole('combobox', { name: 'Resolve with' }).selectOption('warn')
    await entry.getByRole('textbox', { name: 'Reason (the member is told)' }).fill('Harassment of a guest')
    await entry.getByRole('button', { name: 'Resolve report' }).click()
    await expect(page.getByText(/First Warning for Chitra: they are told by email/)).toBeVisible(BACKEND)
    await expectNoSeriousA11yViolations(page)

    await ashaPage.reload()
    await expect(ashaPage.getByText('Chitra (Harassment): Our team has looked at your report.')).toBeVisible(BACKEND)

    // The host's date page: the rating and one connection (never who).
    await page.goto(`/host/${sunday.id}/${date}`)
    const night = page.getByRole('region', { name: 'After the evening' })
    await expect(night).toContainText('5.0 / 5 from 1 guest', BACKEND)
    await expect(night).toContainText('1 connection')
    await expect(night).toContainText('Lovely table.')
    await expect(night).not.toContainText('Bala')
  } finally {
    await emptyEvening(date)
  }
})

/** The demo host's callable, through the Auth emulator's REST API and the functions, as a door phone's sync is sent. */
const asHost = (fn: string, data: unknown) => callAs(hostAccount, fn, data)

test('a hanging connection loses nothing: the feedback typed is kept, and sent once Yaari answers', async ({
  page,
}) => {
  test.slow()
  await atTheNight(sunday, quietDate)
  try {
    const kavya = await apiMember('Kavya Menon')
    const { orderId } = await paidThroughApi(kavya, sunday.id, quietDate)
    const synced = await asHost('syncCheckIns', {
      eventId: sunday.id,
      eventDate: quietDate,
      door: 'Front door',
      ops: [{ id: randomUUID(), kind: 'in', orderId, at: Date.now(), method: 'name' }],
    })
    expect(synced.refused).toEqual([])
    await stackJob('morningAfter', { at: new Date(morningAfter(quietDate) + 60_000) })

    await signedInAs(page, kavya)
    // The phone's timers are the test's to move: the app's wait for a hanging call is jumped, not waited out.
    await page.clock.install()
    await page.goto(`/my-bookings/${orderId}/after`)
    await expect(page.getByRole('heading', { name: `How was ${sunday.title}?`, level: 1 })).toBeVisible(BACKEND)
    // She came alone on this date: no one else is listed, and nothing about other dates.
    await expect(page.getByText('No other guests to show.')).toBeVisible()
    await page.getByRole('radio', { name: '4: Great' }).check({ force: true })
    const comment = page.getByRole('textbox', { name: 'Anything you want to tell us? (optional)' })
    await comment.fill('Good table, loud room.')

    // The venue's signal: every request leaving the app's origin hangs.
    const signal = await hangOutsideRequests(page.context())
    await page.getByRole('button', { name: 'Send feedback' }).click()
    await expect.poll(() => signal.hung.some((url) => url.includes('saveFeedback'))).toBe(true)
    await waitOutTheCall(page)
    await expect(
      page.getByText('You’re offline: this needs a connection. What you typed is kept on this device.'),
    ).toBeVisible()

    // Back online, a reload: what she typed is there, and it is sent.
    await signal.release()
    await page.reload()
    await expect(page.getByText('Restored what you typed on this device.')).toBeVisible(BACKEND)
    await expect(comment).toHaveValue('Good table, loud room.')
    // The held request may have reached Yaari once released (then it reads "Update"): sent again, it is the same.
    await page.getByRole('button', { name: /^(Send|Update) feedback$/ }).click()
    await expect(page.getByText('Thank you: your feedback is saved.')).toBeVisible(BACKEND)
    expect(
      (
        await admin()
          .doc(`feedback/${nightId(sunday.id, quietDate)}_${kavya.uid}`)
          .get()
      ).data(),
    ).toMatchObject({
      rating: 4,
      comment: 'Good table, loud room.',
    })
  } finally {
    await emptyEvening(quietDate)
  }
})
