// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { NOTIFICATION_COPY, NOTIFICATION_KIND_LABELS, saveNotificationSettingsCall } from '@yaari/domain/notifications'
import { expect, it, vi } from 'vitest'
import { readNotifications, writeNotifications } from '../../lib/member-data/records'
import { memberDevice } from '../../test-utils/member-device'

// What reaches outside the browser (the server's calls, the refresh behind the section, Firebase
// Auth and the device's database) is memberDevice's. The rest is real.
const device = await memberDevice('notice-settings')
const { NotificationSettings } = await import('./settings-section')

it('starts from the kinds the device knows are off, and saves the kinds turned off', async () => {
  await writeNotifications(device.db(), 'm1', { notices: [], unread: 0, off: ['how-was'] })
  render(<NotificationSettings />)
  expect(screen.getByRole('heading', { name: NOTIFICATION_COPY.settingsHeading })).toBeTruthy()
  const howWas = await screen.findByRole('checkbox', { name: NOTIFICATION_KIND_LABELS['how-was'] })
  expect((howWas as HTMLInputElement).checked).toBe(false)
  const venue = screen.getByRole('checkbox', { name: NOTIFICATION_KIND_LABELS.venue })
  expect((venue as HTMLInputElement).checked).toBe(true)
  expect(screen.getByText(NOTIFICATION_COPY.settingsIntro)).toBeTruthy()
  expect(screen.getByText(NOTIFICATION_COPY.quietHours)).toBeTruthy()

  device.call.mockResolvedValueOnce({ off: ['venue', 'how-was'] })
  await userEvent.click(venue)
  await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }))
  expect(device.call).toHaveBeenCalledWith(saveNotificationSettingsCall, { off: ['venue', 'how-was'] })
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(NOTIFICATION_COPY.saved))
  expect((await readNotifications(device.db(), 'm1'))?.off).toEqual(['venue', 'how-was'])
})

it('says why a save failed', async () => {
  await writeNotifications(device.db(), 'm1', { notices: [], unread: 0, off: [] })
  render(<NotificationSettings />)
  device.call.mockRejectedValueOnce(
    Object.assign(new Error('Unknown kind of notification.'), { code: 'functions/invalid-argument' }),
  )
  await userEvent.click(await screen.findByRole('button', { name: 'Save notification settings' }))
  expect((await screen.findByRole('alert')).textContent).toBe('Unknown kind of notification.')
  expect(screen.getByRole('status').textContent).toBe('')
})

it('needs a connection the first time', async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  render(<NotificationSettings />)
  expect((await screen.findByRole('alert')).textContent).toBe(NOTIFICATION_COPY.offline)
})
