// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../../test-utils/app-page'

// getAvailability reaches the functions: it answers as the server does when no seat is taken yet.
vi.mock('../../lib/public-api', () => import('../../test-utils/network').then((network) => network.freeSeatsApi()))

afterEach(cleanup)

describe('events listing', () => {
  it('only Bangalore can be chosen; the other cities are marked Soon', async () => {
    await renderRoute('/events')
    expect(screen.getByRole('radio', { name: 'Bangalore' })).toHaveProperty('checked', true)
    for (const city of ['Hyderabad', 'Chennai', 'Pune', 'Jaipur']) {
      expect(screen.getByRole('radio', { name: `${city} Soon` })).toHaveProperty('disabled', true)
    }
  })

  it('a shared filtered link opens filtered; nonsense in the URL is ignored', async () => {
    await renderRoute('/events?category=food-drink')
    expect(screen.getAllByRole('article')).toHaveLength(1)
    cleanup()
    await renderRoute('/events?category=gardening&city=mars')
    expect(screen.getAllByRole('article')).toHaveLength(3)
  })

  it('no match shows the empty state, and Clear Filters brings everything back', async () => {
    const { router } = await renderRoute('/events?q=karaoke')
    expect(screen.getByRole('heading', { name: 'No events found' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3))
    expect(router.state.location.href).not.toMatch(/q=/)
  })

  it('coming-soon panels and Get Notified', async () => {
    const { router } = await renderRoute('/events')
    for (const title of ['Dating & Relationships', 'Business Networking', 'Creative Workshops']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeTruthy()
    }
    await userEvent.click(screen.getByRole('link', { name: 'Get Notified' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/contact')
  })
})
