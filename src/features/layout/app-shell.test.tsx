// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderRoute } from '../../test-utils/app-page'

beforeEach(() => {
  document.title = ''
})
afterEach(cleanup)

describe('the app shell', () => {
  it('home shows the hero with its calls to action', async () => {
    await renderRoute('/')
    expect(screen.getByRole('heading', { level: 1, name: 'Meet, Mingle & Make friends' })).toBeTruthy()
    expect(screen.getByText('Start unforgettable nights with Yaari.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Join Now' }).getAttribute('href')).toBe('/auth')
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth')
    expect(document.title).toBe('Yaari')
    expect(screen.getByRole('banner').getAttribute('data-transparent')).toBe('true')
  })

  it('the header is solid away from home', async () => {
    await renderRoute('/how-it-works')
    expect(screen.getByRole('heading', { level: 1, name: 'How It Works' })).toBeTruthy()
    expect(screen.getByRole('banner').getAttribute('data-transparent')).not.toBe('true')
    for (const step of ['Discover Events', 'Connect & Join', 'Experience Together']) {
      expect(screen.getByRole('heading', { level: 2, name: step })).toBeTruthy()
    }
  })
})

describe('mobile menu', () => {
  /**
   * The navigation the Menu button opens. (The wide screen's navigation, also named "Main", is in
   * the page too: only CSS hides it on a phone, which tests/e2e/shell.spec.ts checks.)
   */
  const menuOf = (menuButton: HTMLElement) =>
    screen
      .queryAllByRole('navigation', { name: 'Main' })
      .filter((nav) => nav.id !== '' && nav.id === menuButton.getAttribute('aria-controls'))

  it('opens from the Menu button and closes when a link is chosen', async () => {
    const { router } = await renderRoute('/')
    const menuButton = screen.getByRole('button', { name: 'Menu' })
    expect(menuButton.getAttribute('aria-expanded')).toBe('false')
    expect(menuOf(menuButton)).toHaveLength(0)
    await userEvent.click(menuButton)
    const [nav] = menuOf(menuButton)
    expect(nav).toBeTruthy()
    const menu = within(nav as HTMLElement)
    expect(menu.getByRole('link', { name: 'Contact Us' })).toBeTruthy()
    expect(menu.getByRole('link', { name: 'Join the Adventure' })).toBeTruthy()
    await userEvent.click(menu.getByRole('link', { name: 'How It Works' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'How It Works' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/how-it-works')
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false')
    expect(menuOf(screen.getByRole('button', { name: 'Menu' }))).toHaveLength(0)
  })

  it('closes on Escape', async () => {
    await renderRoute('/how-it-works')
    const menuButton = screen.getByRole('button', { name: 'Menu' })
    await userEvent.click(menuButton)
    expect(menuOf(menuButton)).toHaveLength(1)
    await userEvent.keyboard('{Escape}')
    expect(menuOf(menuButton)).toHaveLength(0)
  })
})
