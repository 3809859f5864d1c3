// @vitest-environment happy-dom
import { removePushSubscriptionCall, savePushSubscriptionCall } from '@yaari/domain/notifications'
import { afterEach, expect, it, vi } from 'vitest'
import { call } from '../../lib/call'
import { clientConfig } from '../../lib/client-config'
import { devicePush, pushIsOn } from '../../lib/push-device'
import { ENDPOINT, fakeSubscription, installPush, KEYS, removePush } from './fake-push'
import { disablePush, enablePush } from './push'

vi.mock('../../lib/call', () => ({ call: vi.fn(async () => ({})) }))

afterEach(() => {
  localStorage.clear()
  removePush()
  vi.unstubAllGlobals()
  vi.mocked(call).mockClear()
})

/** The app's VAPID key, as bytes. */
const appKey = () =>
  Uint8Array.from(atob(clientConfig.vapidPublicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))

it('asks the browser only when called, then subscribes with the app key and saves what the server needs', async () => {
  const push = installPush()
  expect(push.notification.requestPermission).not.toHaveBeenCalled() // loading the module asks nothing
  expect(await enablePush('m1')).toBe('on')
  expect(push.notification.requestPermission).toHaveBeenCalledOnce()
  const options = push.pushManager.subscribe.mock.calls[0]![0]
  expect(options).toEqual({ userVisibleOnly: true, applicationServerKey: appKey() })
  expect(appKey()).toHaveLength(65)
  // toJSON()'s endpoint and keys: what the server needs.
  expect(call).toHaveBeenCalledWith(savePushSubscriptionCall, { endpoint: ENDPOINT, keys: KEYS })
  expect(devicePush()).toEqual({ uid: 'm1', endpoint: ENDPOINT })
  expect(pushIsOn('m1')).toBe(true)
  expect(pushIsOn('m2')).toBe(false)
})

it('subscribes nothing and sends nothing when the member says no, or does not answer', async () => {
  for (const answer of ['denied', 'default'] as const) {
    const push = installPush({ answer })
    expect(await enablePush('m1')).toBe(answer === 'denied' ? 'blocked' : 'dismissed')
    expect(push.pushManager.subscribe).not.toHaveBeenCalled()
  }
  expect(call).not.toHaveBeenCalled()
  expect(devicePush()).toBeUndefined()
})

it('takes the answer to a question the tap asked already', async () => {
  const push = installPush()
  expect(await enablePush('m1', Promise.resolve('granted'))).toBe('on')
  expect(push.notification.requestPermission).not.toHaveBeenCalled()
})

it("reuses the browser's subscription made with the app key, and replaces one made with another", async () => {
  const same = fakeSubscription(appKey().slice().buffer)
  let push = installPush({ existing: same })
  await enablePush('m1')
  expect(push.pushManager.subscribe).not.toHaveBeenCalled()
  expect(same.unsubscribe).not.toHaveBeenCalled()

  const other = fakeSubscription(new Uint8Array(65).fill(4).buffer, 'https://fcm.googleapis.com/fcm/send/old')
  push = installPush({ existing: other })
  await enablePush('m1')
  expect(other.unsubscribe).toHaveBeenCalledOnce()
  expect(push.pushManager.subscribe).toHaveBeenCalledOnce()
  expect(devicePush()?.endpoint).toBe(ENDPOINT)
})

it('a subscription the server refused is not remembered as on', async () => {
  installPush()
  vi.mocked(call).mockRejectedValueOnce(Object.assign(new Error('refused'), { code: 'functions/invalid-argument' }))
  await expect(enablePush('m1')).rejects.toThrow('refused')
  expect(devicePush()).toBeUndefined()
})

it('turns off: the server forgets the subscription, then the browser drops it', async () => {
  const push = installPush()
  await enablePush('m1')
  vi.mocked(call).mockClear()
  const subscription = push.subscription()!
  await disablePush()
  expect(call).toHaveBeenCalledWith(removePushSubscriptionCall, { endpoint: ENDPOINT })
  expect(subscription.unsubscribe).toHaveBeenCalledOnce()
  expect(vi.mocked(call).mock.invocationCallOrder[0]).toBeLessThan(
    subscription.unsubscribe.mock.invocationCallOrder[0]!,
  )
  expect(devicePush()).toBeUndefined()
  expect(pushIsOn('m1')).toBe(false)
})

it('keeps push on when the server could not be told', async () => {
  const push = installPush()
  await enablePush('m1')
  vi.mocked(call).mockRejectedValueOnce(Object.assign(new Error('offline'), { code: 'functions/unavailable' }))
  await expect(disablePush()).rejects.toThrow('offline')
  expect(push.subscription()!.unsubscribe).not.toHaveBeenCalled()
  expect(pushIsOn('m1')).toBe(true)
})
