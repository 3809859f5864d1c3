// @vitest-environment happy-dom
/**
 * A device shows only its signed-in member's pushes: a browser subscription that another member turned
 * on, or that is left once nobody is signed in, is ended when Auth settles; the member's own is kept.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ENDPOINT, fakeSubscription, installPush, removePush } from '../test-utils/fake-push'
import { devicePush, endOthersPush, rememberPush } from './push-device'

afterEach(() => {
  localStorage.clear()
  removePush()
  vi.unstubAllGlobals()
})

describe('endOthersPush', () => {
  it('keeps the signed-in member’s own subscription', async () => {
    const existing = fakeSubscription(null)
    installPush({ permission: 'granted', existing })
    rememberPush({ uid: 'asha', endpoint: ENDPOINT })
    await endOthersPush('asha')
    expect(existing.unsubscribe).not.toHaveBeenCalled()
    expect(devicePush()).toEqual({ uid: 'asha', endpoint: ENDPOINT })
  })

  it('ends another member’s subscription when someone else signs in on the phone', async () => {
    const existing = fakeSubscription(null)
    installPush({ permission: 'granted', existing })
    rememberPush({ uid: 'asha', endpoint: ENDPOINT })
    await endOthersPush('bela')
    expect(existing.unsubscribe).toHaveBeenCalledOnce()
    expect(devicePush()).toBeUndefined()
  })

  it('ends a subscription nobody on the device remembers (a sign-out cut off offline), and any once signed out', async () => {
    const left = fakeSubscription(null)
    installPush({ permission: 'granted', existing: left })
    await endOthersPush('bela')
    expect(left.unsubscribe).toHaveBeenCalledOnce()

    const mine = fakeSubscription(null)
    installPush({ permission: 'granted', existing: mine })
    rememberPush({ uid: 'asha', endpoint: ENDPOINT })
    await endOthersPush(undefined)
    expect(mine.unsubscribe).toHaveBeenCalledOnce()
  })

  it('does nothing without a subscription or without push', async () => {
    installPush({ permission: 'granted' })
    await expect(endOthersPush('asha')).resolves.toBeUndefined()
    removePush()
    await expect(endOthersPush('asha')).resolves.toBeUndefined()
  })
})
