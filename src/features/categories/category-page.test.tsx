// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { renderRoute } from '../../test-utils/app-page'

afterEach(cleanup)

describe('category pages', () => {
  it('a category with published events lists them, each to its page', async () => {
    const { router } = await renderRoute('/categories/food-drink')
    expect(screen.getByRole('heading', { name: 'Upcoming events' })).toBeTruthy()
    await userEvent.click(screen.getByRole('link', { name: /Midweek Meetup/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Midweek Meetup' })).toBeTruthy()
    expect(router.state.location.pathname).toMatch(/\/events\/midweek-wednesday-dinner$/)
    act(() => router.history.back())
    expect(await screen.findByRole('heading', { name: 'Upcoming events' })).toBeTruthy()
    expect(screen.queryAllByRole('button', { name: 'Coming Soon' })).toHaveLength(0)
    expect(screen.getByRole('link', { name: 'See all events' }).getAttribute('href')).toBe(
      '/events?category=food-drink',
    )
  })

  it('the others list coming-soon events with a disabled Coming Soon button', async () => {
    for (const path of ['/categories/adventure', '/categories/culture', '/categories/nightlife']) {
      await renderRoute(path)
      expect(screen.getByRole('heading', { level: 1 })).toBeTruthy()
      const buttons = screen.getAllByRole('button', { name: 'Coming Soon' })
      expect(buttons.length).toBeGreaterThanOrEqual(3)
      for (const button of buttons) expect(button).toHaveProperty('disabled', true)
      expect(screen.getByRole('link', { name: 'Get Notified When Available' }).getAttribute('href')).toBe('/contact')
      cleanup()
    }
  })
})
