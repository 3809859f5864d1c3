// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { markNotificationsReadCall, NOTIFICATION_COPY, type NotificationView } from '@yaari/domain/notifications'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { writeNotifications } from '../../lib/member-data/records'
import { useAuthStore } from '../../lib/session/auth-store'
import { memberDevice } from '../../test-utils/member-device'

// The page's collaborators that reach outside the browser: the router's links, and (memberDevice)
// the server's calls, the refresh behind the page, Firebase Auth and the device's database.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, hash, children, ...props }: { to: string; hash?: string; children: ReactNode }) => (
    <a href={hash ? `${to}#${hash}` : to} {...props}>
      {children}
    </a>
  ),
}))
const device = await memberDevice('notifications-page')
const { NotificationsPage } = await import('./notifications-page')

const notification = (id: string, at: string, overrides: Partial<NotificationView> = {}): NotificationView => ({
  id,
  kind: 'reminder',
  title: `Title ${id}`,
  body: `Body ${id}`,
  url: `/my-bookings/${id}`,
  tag: id,
  at,
  read: false,
  ...overrides,
})

beforeEach(() => localStorage.clear())
afterEach(() => vi.restoreAllMocks())

it('lists the notifications newest first, each a link with its detail and time, the unread marked', async () => {
  await writeNotifications(device.db(), 'm1', {
    notices: [
      notification('old', '2026-11-20T04:30:00.000Z', { read: true }),
      notification('new', '2026-11-27T12:00:00.000Z', { kind: 'host-message', detail: 'See you at the corner table!' }),
    ],
    unread: 1,
    off: [],
  })
  render(<NotificationsPage />)
  expect(await screen.findByRole('heading', { level: 1, name: NOTIFICATION_COPY.listTitle })).toBeTruthy()
  const items = await screen.findAllByRole('listitem')
  expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['Title new', 'Title old'])
  expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/my-bookings/new')
  expect(within(items[0]!).getByText('Unread')).toBeTruthy()
  expect(within(items[0]!).getByText('Body new')).toBeTruthy()
  expect(within(items[0]!).getByText('See you at the corner table!')).toBeTruthy()
  expect(within(items[0]!).getByText(/, 5:30 PM$/)).toBeTruthy() // 12:00 UTC on an IST clock
  expect(within(items[1]!).queryByText('Unread')).toBeNull()
  expect(screen.getByRole('status').textContent).toBe('1 unread')
})

it('marks all read up to the newest, and the bell and the list follow', async () => {
  await writeNotifications(device.db(), 'm1', {
    notices: [notification('a', '2026-11-26T10:00:00.000Z'), notification('b', '2026-11-27T10:00:00.000Z')],
    unread: 2,
    off: [],
  })
  device.call.mockResolvedValueOnce({ unread: 0 })
  render(<NotificationsPage />)
  await userEvent.click(await screen.findByRole('button', { name: NOTIFICATION_COPY.markRead }))
  expect(device.call).toHaveBeenCalledWith(markNotificationsReadCall, { upTo: '2026-11-27T10:00:00.000Z' })
  await waitFor(() => expect(screen.queryByText('Unread')).toBeNull())
  expect(screen.getByRole('status').textContent).toBe('All read')
  expect(JSON.parse(localStorage.getItem('yaari:unread') ?? '{}')).toEqual({ uid: 'm1', unread: 0 })
})

it('says when there is nothing yet', async () => {
  await writeNotifications(device.db(), 'm1', { notices: [], unread: 0, off: [] })
  render(<NotificationsPage />)
  expect(await screen.findByText(NOTIFICATION_COPY.empty)).toBeTruthy()
})

it('says it needs a connection the first time when offline with nothing on the device', async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  render(<NotificationsPage />)
  expect((await screen.findByRole('alert')).textContent).toBe(NOTIFICATION_COPY.offline)
})

it('asks a visitor to sign in', () => {
  useAuthStore.setState({ status: 'signed-out', member: null, verified: true })
  render(<NotificationsPage />)
  expect(screen.getByText('Sign in to see your notifications.')).toBeTruthy()
})
