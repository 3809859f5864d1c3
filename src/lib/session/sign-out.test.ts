// @vitest-environment happy-dom
import { removePushSubscriptionCall } from '@yaari/domain/notifications'
import { afterEach, expect, it, vi } from 'vitest'
import { call } from '../call'
import { signOutOfAuth as signOut } from '../firebase'
import { rememberPush } from '../push-device'
import { signOutAndForget } from './sign-out'

vi.mock('../firebase', () => ({ auth: () => ({ currentUser: null }), signOutOfAuth: vi.fn(async () => undefined) }))
vi.mock('../db', () => ({ localDb: () => ({}), clearMemberData: vi.fn(async () => undefined) }))
vi.mock('../call', () => ({ call: vi.fn() }))

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1'

function browserSubscription() {
  let held: { endpoint: string } | null = null
  const subscription = {
    endpoint: ENDPOINT,
    // As in a browser: once ended, it is no longer the registration's.
    unsubscribe: vi.fn(async () => {
      held = null
      return true
    }),
  }
  held = subscription
  const registration = { pushManager: { getSubscription: async () => held } }
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  })
  return subscription
}

afterEach(() => {
  vi.clearAllMocks()
  vi.useRealTimers()
  Reflect.deleteProperty(navigator, 'serviceWorker')
  localStorage.clear()
})

it('turns push off on this device first, and a hanging line holds sign-out up 3 s at most', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const subscription = browserSubscription()
  rememberPush({ uid: 'm1', endpoint: ENDPOINT })
  vi.mocked(call).mockReturnValue(new Promise(() => {})) // never answers
  const signingOut = signOutAndForget()
  await vi.advanceTimersByTimeAsync(2_900)
  expect(signOut).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(100)
  await signingOut
  expect(call).toHaveBeenCalledWith(removePushSubscriptionCall, { endpoint: ENDPOINT }, { timeoutMs: 3_000 })
  expect(subscription.unsubscribe).toHaveBeenCalledOnce()
  expect(signOut).toHaveBeenCalledOnce()
  expect(localStorage.getItem('yaari:push')).toBeNull()
})

it('without push on this device, signs out without a word to the server about it', async () => {
  const subscription = browserSubscription()
  await signOutAndForget()
  expect(call).not.toHaveBeenCalled()
  expect(subscription.unsubscribe).not.toHaveBeenCalled()
  expect(signOut).toHaveBeenCalled()
})

it('never waits for Firebase’s own sign-out: a hanging line leaves the member signed out here at once, marked until it is done', async () => {
  let finish: () => void = () => undefined
  vi.mocked(signOut).mockReturnValueOnce(new Promise<void>((resolve) => (finish = resolve)))
  await signOutAndForget()
  expect(signOut).toHaveBeenCalledOnce()
  expect(localStorage.getItem('yaari:signing-out')).toBe('1')
  finish()
  await vi.waitFor(() => expect(localStorage.getItem('yaari:signing-out')).toBeNull())
})
