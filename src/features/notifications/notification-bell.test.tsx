// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { rememberUnread } from '../../lib/member-data/unread'
import { MEMBER_KEY } from '../../lib/session/member-hint'
import NotificationBell from './notification-bell'
import { listenForPushes, usePushArrivals } from './push-arrivals'

// The bell's collaborators outside the browser: the router's link, and the refresh that asks the server.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, ...props }: { to: string; children: ReactNode }) => (
    <a href={to} {...props}>
      {children}
    </a>
  ),
}))
const refreshMemberData = vi.hoisted(() => vi.fn(async (_kind: string) => undefined))
vi.mock('../../lib/member-data/refresh', () => ({ refreshMemberData }))

const worker = new EventTarget()
/** The member this device knows (as sign-in remembers them). */
const knownAs = (uid: string) => localStorage.setItem(MEMBER_KEY, JSON.stringify({ uid, name: 'Asha', email: null }))
// The page listens from its first moment (main.tsx does this as the app starts).
let stopListening = () => {}
beforeEach(() => {
  stopListening = listenForPushes(worker)
  usePushArrivals.setState({ count: 0 })
  sessionStorage.clear()
  localStorage.clear()
  knownAs('m1')
  refreshMemberData.mockClear()
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true })
})
afterEach(() => {
  cleanup()
  stopListening()
})

it('is named "Notifications" with no count when nothing is unread', () => {
  render(<NotificationBell />)
  const bell = screen.getByRole('link', { name: 'Notifications' })
  expect(bell.getAttribute('href')).toBe('/notifications')
  expect(bell.textContent).toBe('')
})

it('is not there for a visitor', () => {
  localStorage.removeItem(MEMBER_KEY)
  const { container } = render(<NotificationBell />)
  expect(container.innerHTML).toBe('')
})

it('says and shows how many are unread, for this member only', async () => {
  rememberUnread('m1', 3)
  render(<NotificationBell />)
  const bell = screen.getByRole('link', { name: 'Notifications, 3 unread' })
  expect(bell.textContent).toBe('3')
  cleanup()
  knownAs('m2')
  render(<NotificationBell />)
  expect(screen.getByRole('link', { name: 'Notifications' }).textContent).toBe('')
})

it('follows the count as it changes, and tells a screen reader of a new one', async () => {
  render(<NotificationBell />)
  act(() => rememberUnread('m1', 1))
  expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy()
  expect(screen.getByRole('status').textContent).toBe('Notifications, 1 unread')
})

it('asks the server when the app opens, and again at once when a push arrives', async () => {
  render(<NotificationBell />)
  await waitFor(() => expect(refreshMemberData).toHaveBeenCalledTimes(1))
  expect(refreshMemberData).toHaveBeenCalledWith('notices')
  worker.dispatchEvent(new MessageEvent('message', { data: { type: 'yaari:notice' } }))
  await waitFor(() => expect(refreshMemberData).toHaveBeenCalledTimes(2))
  worker.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }))
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(refreshMemberData).toHaveBeenCalledTimes(2)
})

it('hears a push that arrived while the page was still loading, before the bell was there', async () => {
  // The bell asked a moment ago (another page of this visit): coming back would wait a minute.
  sessionStorage.setItem('yaari:notices-asked', String(Date.now()))
  worker.dispatchEvent(new MessageEvent('message', { data: { type: 'yaari:notice' } }))
  render(<NotificationBell />)
  await waitFor(() => expect(refreshMemberData).toHaveBeenCalledTimes(1))
  expect(refreshMemberData).toHaveBeenCalledWith('notices')
})
