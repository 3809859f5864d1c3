// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NOTIFICATION_COPY, savePushSubscriptionCall } from '@yaari/domain/notifications'
import { afterEach, expect, it, vi } from 'vitest'
import { call } from '../../lib/call'
import { useAuthStore } from '../../lib/session/auth-store'
import { ENDPOINT, installPush, KEYS, removePush, signedInPushDevice } from '../../test-utils/fake-push'
import { NotificationAsk } from './notification-ask'

vi.mock('../../lib/call', async (original) => ({
  ...(await original<typeof import('../../lib/call')>()),
  call: vi.fn(),
}))

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

signedInPushDevice()
afterEach(() => {
  vi.mocked(call).mockReset()
})

const allow = () => screen.queryByRole('button', { name: NOTIFICATION_COPY.allow })

it('asks in the words of where it is: after a booking, after joining a waitlist', () => {
  installPush()
  render(<NotificationAsk context="booking" />)
  expect(screen.getByRole('region', { name: NOTIFICATION_COPY.afterBooking })).toBeTruthy()
  cleanup()
  render(<NotificationAsk context="waitlist" />)
  expect(screen.getByRole('region', { name: NOTIFICATION_COPY.afterWaitlist })).toBeTruthy()
  expect(allow()).toBeTruthy()
  expect(screen.getByRole('button', { name: NOTIFICATION_COPY.notNow })).toBeTruthy()
})

it('asks nothing of the browser, and sends nothing, until Allow', async () => {
  const push = installPush()
  vi.mocked(call).mockResolvedValue({ saved: true })
  render(<NotificationAsk context="booking" />)
  expect(push.notification.requestPermission).not.toHaveBeenCalled()
  expect(call).not.toHaveBeenCalled()

  fireEvent.click(allow()!)
  expect(push.notification.requestPermission).toHaveBeenCalledOnce() // within the tap (Safari)
  expect((await screen.findByRole('status')).textContent).toBe(NOTIFICATION_COPY.allowed)
  expect(call).toHaveBeenCalledWith(savePushSubscriptionCall, { endpoint: ENDPOINT, keys: KEYS })
  expect(allow()).toBeNull()

  // Asked once: not again on this device, after a booking or a waitlist.
  cleanup()
  render(<NotificationAsk context="waitlist" />)
  expect(screen.queryByRole('region')).toBeNull()
})

it('remembers Not now for that ask on this device', () => {
  installPush()
  render(<NotificationAsk context="booking" />)
  fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_COPY.notNow }))
  expect(screen.queryByRole('region')).toBeNull()
  cleanup()
  render(<NotificationAsk context="booking" />)
  expect(screen.queryByRole('region')).toBeNull()
  cleanup()
  render(<NotificationAsk context="waitlist" />)
  expect(screen.getByRole('region', { name: NOTIFICATION_COPY.afterWaitlist })).toBeTruthy()
})

it('on iPhone Safari in a tab, says to add Yaari to the home screen first', () => {
  removePush()
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI)
  render(<NotificationAsk context="booking" />)
  expect(screen.getByText(NOTIFICATION_COPY.installFirst)).toBeTruthy()
  expect(screen.getByText(NOTIFICATION_COPY.installHow)).toBeTruthy()
  expect(allow()).toBeNull()
})

it('says so where the browser cannot, or where notifications are blocked', async () => {
  removePush()
  render(<NotificationAsk context="booking" />)
  expect(screen.getByText(NOTIFICATION_COPY.unsupported)).toBeTruthy()
  cleanup()

  installPush({ permission: 'denied' })
  render(<NotificationAsk context="booking" />)
  expect(screen.getByText(NOTIFICATION_COPY.blocked)).toBeTruthy()
  expect(allow()).toBeNull()
  cleanup()

  // Blocked in answer to the question itself.
  installPush({ answer: 'denied' })
  render(<NotificationAsk context="booking" />)
  fireEvent.click(allow()!)
  expect(await screen.findByText(NOTIFICATION_COPY.blocked)).toBeTruthy()
  expect(call).not.toHaveBeenCalled()
})

it('says what went wrong when the server refuses, and Allow works again', async () => {
  installPush()
  vi.mocked(call).mockRejectedValueOnce(
    Object.assign(new Error('This push service is not one Yaari sends to.'), { code: 'functions/invalid-argument' }),
  )
  render(<NotificationAsk context="waitlist" />)
  fireEvent.click(allow()!)
  expect((await screen.findByRole('alert')).textContent).toBe('This push service is not one Yaari sends to.')
  vi.mocked(call).mockResolvedValueOnce({ saved: true })
  fireEvent.click(allow()!)
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(NOTIFICATION_COPY.allowed))
})

it('is not shown to nobody', () => {
  installPush()
  useAuthStore.setState({ status: 'signed-out', member: null, verified: true })
  render(<NotificationAsk context="booking" />)
  expect(screen.queryByRole('region')).toBeNull()
})
