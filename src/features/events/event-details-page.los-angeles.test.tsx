// @vitest-environment happy-dom
// A phone set to Los Angeles time: this file's process runs in that zone (*.los-angeles.test.tsx,
// vite.config.ts), as a phone's browser does; the first check says so.
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRouteAt } from '../../test-utils/app-page'

// What reaches the network. getAvailability answers as the server does when no seat is taken yet;
// Firebase Auth (the date dialog asks who is signed in) answers that nobody is.
vi.mock('../../lib/public-api', () => import('../../test-utils/network').then((network) => network.freeSeatsApi()))
vi.mock('../../lib/firebase', () => import('../../test-utils/network').then((network) => network.signedOutFirebase()))

afterEach(cleanup)

describe('event pages', () => {
  describe('on a phone set to Los Angeles time', () => {
    it('dates follow the India calendar, not the device', async () => {
      // Saturday 21 Nov 2026, 11:00 in Los Angeles, is already Sunday 22 Nov, 00:30 in India.
      await renderRouteAt('/events/first-hello-stranger-meetup', '2026-11-21T19:00:00Z', 'Sat Nov 21 2026')
      await userEvent.click(screen.getByRole('button', { name: /Girls/ }))
      // The dialogs' code loads with the first choice of a price; in a test run it is compiled then
      // too, every module of the booking form: seconds on a busy machine.
      const dialog = await screen.findByRole('dialog', { name: 'Select a date' }, { timeout: 20_000 })
      expect(within(dialog).getAllByRole('radio')[0]).toBeTruthy()
      const labels = [...dialog.querySelectorAll('label')].map((label) => label.textContent)
      expect(labels[0]).toMatch(/^Sat, 28 Nov/)
      // November (from the 28th), December and January: 1 + 4 + 5 Saturdays.
      expect(labels).toHaveLength(10)
      expect(labels.at(-1)).toMatch(/^Sat, 30 Jan/)
    }, 30_000)
  })
})
