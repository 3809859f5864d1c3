// @vitest-environment happy-dom
// A phone set to Los Angeles time: this file's process runs in that zone (*.los-angeles.test.tsx,
// vite.config.ts), as a phone's browser does; the first check says so.
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRouteAt } from '../../test-utils/app-page'

// getAvailability reaches the functions: it answers as the server does when no seat is taken yet.
vi.mock('../../lib/public-api', () => import('../../test-utils/network').then((network) => network.freeSeatsApi()))

afterEach(cleanup)

describe('events listing', () => {
  describe('on a phone set to Los Angeles time', () => {
    it('the badge says Tomorrow, highlighted, when the event is tomorrow in India', async () => {
      // Friday 27 Nov, 23:00 in Los Angeles is already Saturday 28 Nov, 12:30 in India: The
      // Unplanned Sunday is tomorrow; The First Hello (Saturdays) is today, not tomorrow.
      await renderRouteAt('/events', '2026-11-28T07:00:00Z', 'Fri Nov 27 2026')
      const sunday = within(screen.getByRole('article', { name: 'The Unplanned Sunday' })).getByText('Tomorrow', {
        exact: true,
      })
      expect(sunday.getAttribute('data-highlight')).toBe('true')
      const saturday = within(screen.getByRole('article', { name: 'The First Hello' }))
      expect(saturday.getByText('Sat, 28 Nov, 6:00 PM')).toBeTruthy()
      expect(saturday.queryAllByText('Tomorrow', { exact: true })).toHaveLength(0)
    })
  })
})
