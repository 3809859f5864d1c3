// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { NOTICE_KIND_LABELS, NOTIFY_COPY, saveNotificationSettingsCall } from '@yaari/domain/notifications'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { call } from '../../lib/call'
import { YaariDb } from '../../lib/db'
import { readNotices, writeNotices } from '../../lib/member-data/records'
import { useAuthStore } from '../../lib/session/auth-store'

// What reaches outside the browser: the server (calls and the refresh behind the section),
// Firebase Auth and the device's database. The rest is real.
vi.mock('../../lib/call', async (original) => ({
  ...(await original<typeof import('../../lib/call')>()),
  call: vi.fn(),
}))
vi.mock('../../lib/member-data/refresh', async (original) => ({
  ...(await original<typeof import('../../lib/member-data/refresh')>()),
  refreshMemberData: vi.fn(async () => undefined),
}))
vi.mock('../../lib/session/auth-store', async (original) => ({
  ...(await original<typeof import('../../lib/session/auth-store')>()),
  watchAuth: async () => undefined,
}))
let db: YaariDb
let count = 0
vi.mock('../../lib/db', async (original) => ({
  ...(await original<typeof import('../../lib/db')>()),
  localDb: () => db,
}))

const { NotificationSettings } = await import('./settings-section')

beforeEach(async () => {
  db = new YaariDb(`notice-settings-${++count}`)
  vi.mocked(call).mockReset()
  useAuthStore.setState({
    status: 'signed-in',
    member: { uid: 'm1', name: 'Asha', email: 'a@example.test' },
    verified: true,
  })
})
afterEach(() => {
  cleanup()
  db.close()
})

it('starts from the kinds the device knows are off, and saves the kinds turned off', async () => {
  await writeNotices(db, 'm1', { notices: [], unread: 0, off: ['how-was'] })
  render(<NotificationSettings />)
  expect(screen.getByRole('heading', { name: NOTIFY_COPY.settingsHeading })).toBeTruthy()
  const howWas = await screen.findByRole('checkbox', { name: NOTICE_KIND_LABELS['how-was'] })
  expect((howWas as HTMLInputElement).checked).toBe(false)
  const venue = screen.getByRole('checkbox', { name: NOTICE_KIND_LABELS.venue })
  expect((venue as HTMLInputElement).checked).toBe(true)
  expect(screen.getByText(NOTIFY_COPY.settingsIntro)).toBeTruthy()
  expect(screen.getByText(NOTIFY_COPY.quietHours)).toBeTruthy()

  vi.mocked(call).mockResolvedValueOnce({ off: ['venue', 'how-was'] })
  await userEvent.click(venue)
  await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }))
  expect(vi.mocked(call)).toHaveBeenCalledWith(saveNotificationSettingsCall, { off: ['venue', 'how-was'] })
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(NOTIFY_COPY.saved))
  expect((await readNotices(db, 'm1'))?.off).toEqual(['venue', 'how-was'])
})

it('says why a save failed', async () => {
  await writeNotices(db, 'm1', { notices: [], unread: 0, off: [] })
  render(<NotificationSettings />)
  vi.mocked(call).mockRejectedValueOnce(
    Object.assign(new Error('Unknown kind of notification.'), { code: 'functions/invalid-argument' }),
  )
  await userEvent.click(await screen.findByRole('button', { name: 'Save notification settings' }))
  expect((await screen.findByRole('alert')).textContent).toBe('Unknown kind of notification.')
  expect(screen.getByRole('status').textContent).toBe('')
})

it('needs a connection the first time', async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  render(<NotificationSettings />)
  expect((await screen.findByRole('alert')).textContent).toBe(NOTIFY_COPY.offline)
})
