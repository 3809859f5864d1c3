// @vitest-environment happy-dom
import { removePushSubscriptionCall, savePushSubscriptionCall } from '@yaari/domain/notifications'
import { afterEach, expect, it, vi } from 'vitest'
import { call } from '../../lib/call'
import { clientConfig } from '../../lib/client-config'
import { devicePush, pushIsOn } from '../../lib/push-device'
import { ENDPOINT, fakeSubscription, installPush, KEYS, removePush } from '../../test-utils/fake-push'
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

it('after the VAPID key changed, subscribes again by itself, with no question, and saves the new subscription', async () => {
  const { pushNeedsRenewal } = await import('../../lib/push-device')
  const { renewPush } = await import('./push')
  // Turned on with the key of an earlier deploy: the push service now refuses the server's pushes.
  const old = fakeSubscription(new Uint8Array(65).fill(4).buffer, 'https://fcm.googleapis.com/fcm/send/old')
  const push = installPush({ permission: 'granted', existing: old })
  localStorage.setItem('yaari:push', JSON.stringify({ uid: 'm1', endpoint: old.endpoint }))
  expect(await pushNeedsRenewal('m1', clientConfig.vapidPublicKey)).toBe(true)
  expect(await pushNeedsRenewal('m2', clientConfig.vapidPublicKey)).toBe(false) // not this member's
  expect(await renewPush('m1')).toBe('on')
  expect(push.notification.requestPermission).not.toHaveBeenCalled()
  expect(old.unsubscribe).toHaveBeenCalledOnce()
  expect(push.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: appKey() })
  expect(call).toHaveBeenCalledWith(savePushSubscriptionCall, { endpoint: ENDPOINT, keys: KEYS })
  expect(devicePush()).toEqual({ uid: 'm1', endpoint: ENDPOINT })
  // Made with the app's key now: nothing more to do.
  localStorage.removeItem('yaari:push-renewed-at')
  expect(await pushNeedsRenewal('m1', clientConfig.vapidPublicKey)).toBe(false)
})

it('renews at most once a day, and never for a browser that does not say which key its subscription has', async () => {
  const { pushNeedsRenewal } = await import('../../lib/push-device')
  const old = fakeSubscription(new Uint8Array(65).fill(4).buffer, ENDPOINT)
  installPush({ permission: 'granted', existing: old })
  localStorage.setItem('yaari:push', JSON.stringify({ uid: 'm1', endpoint: ENDPOINT }))
  const noon = Date.parse('2026-11-29T06:30:00Z')
  expect(await pushNeedsRenewal('m1', clientConfig.vapidPublicKey, noon)).toBe(true)
  // The renewal failed (or the page closed): the next page does not try again the same day.
  expect(await pushNeedsRenewal('m1', clientConfig.vapidPublicKey, noon + 60_000)).toBe(false)
  expect(await pushNeedsRenewal('m1', clientConfig.vapidPublicKey, noon + 25 * 3_600_000)).toBe(true)

  localStorage.removeItem('yaari:push-renewed-at')
  installPush({ permission: 'granted', existing: fakeSubscription(null, ENDPOINT) })
  expect(await pushNeedsRenewal('m1', clientConfig.vapidPublicKey, noon)).toBe(false)
})
