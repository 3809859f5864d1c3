// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { NOTIFICATION_COPY, removePushSubscriptionCall } from '@yaari/domain/notifications'
import { expect, it, vi } from 'vitest'
import { call } from '../../lib/call'
import { ENDPOINT, installPush, removePush, signedInPushDevice } from '../../test-utils/fake-push'
import { DevicePush } from './device-push'

vi.mock('../../lib/call', async (original) => ({
  ...(await original<typeof import('../../lib/call')>()),
  call: vi.fn(async () => ({})),
}))

signedInPushDevice()

it('says whether this device gets notifications, and turns them on and off', async () => {
  const push = installPush()
  render(<DevicePush />)
  expect(screen.getByRole('heading', { name: NOTIFICATION_COPY.onThisDevice })).toBeTruthy()
  expect(screen.getByRole('status').textContent).toBe('Notifications are off for this device.')

  fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_COPY.allow }))
  const turnOff = await screen.findByRole('button', { name: NOTIFICATION_COPY.turnOff })
  expect(screen.getByRole('status').textContent).toBe(NOTIFICATION_COPY.allowed)

  const made = push.subscription()!
  fireEvent.click(turnOff)
  expect(await screen.findByRole('button', { name: NOTIFICATION_COPY.allow })).toBeTruthy()
  expect(call).toHaveBeenLastCalledWith(removePushSubscriptionCall, { endpoint: ENDPOINT })
  expect(made.unsubscribe).toHaveBeenCalledOnce()
  expect(push.subscription()).toBeNull()
  expect(screen.getByRole('status').textContent).toBe('Notifications are off for this device.')
})

it('says why not where this browser cannot, or notifications are blocked', () => {
  removePush()
  render(<DevicePush />)
  expect(screen.getByText(NOTIFICATION_COPY.unsupported)).toBeTruthy()
  cleanup()
  installPush({ permission: 'denied' })
  render(<DevicePush />)
  expect(screen.getByText(NOTIFICATION_COPY.blocked)).toBeTruthy()
  expect(screen.queryByRole('button')).toBeNull()
})
