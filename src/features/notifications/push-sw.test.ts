/**
 * public/push-sw.js, run as the generated worker runs it (importScripts): evaluated with a fake
 * `self`, its listeners called with fake events.
 */
import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import type { PushPayload } from '@yaari/domain/notifications'
import { afterEach, expect, it, vi } from 'vitest'

const SOURCE = readFileSync(new URL('../../../public/push-sw.js', import.meta.url), 'utf8')
const ORIGIN = 'https://yaari.example'

interface FakeWindow {
  focused: boolean
  visibilityState: 'visible' | 'hidden'
  focus: ReturnType<typeof vi.fn>
  navigate: ReturnType<typeof vi.fn>
  postMessage: ReturnType<typeof vi.fn>
}

/** An open window of the app; `answers`: the app in it says it will show the page itself. */
function appWindow({ answers = true, focusFails = false, controlled = true } = {}): FakeWindow {
  return {
    focused: false,
    visibilityState: 'visible',
    focus: vi.fn(async () => {
      if (focusFails) throw new Error('Not allowed to focus a window.')
    }),
    navigate: vi.fn(async () => {
      if (!controlled) throw new TypeError('This service worker is not the client’s active service worker.')
    }),
    postMessage: vi.fn((message: { type: string }, ports?: MessagePort[]) => {
      if (message.type === 'yaari:open' && answers) ports?.[0]?.postMessage('opening')
      ports?.[0]?.close()
    }),
  }
}

function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>()
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  }
  // The timers are looked up when called, so a test's fake timers apply.
  runInNewContext(SOURCE, {
    self,
    URL,
    MessageChannel,
    Promise,
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
  })
  /** Dispatches an extendable event; resolves once what it waits for is done. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let waited: Promise<unknown> = Promise.resolve()
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (waited = promise) })
    await waited
  }
  const push = (data: unknown) =>
    dispatch('push', {
      data:
        data === undefined
          ? null
          : {
              json: () => {
                if (typeof data === 'string') return JSON.parse(data)
                return data
              },
            },
    })
  const click = (url: unknown) => {
    const notification = { data: { url }, close: vi.fn() }
    return { notification, done: dispatch('notificationclick', { notification }) }
  }
  return { self, push, click }
}

afterEach(() => {
  vi.useRealTimers()
})

/**
 * A tap on a push for /my-bookings with one app window open that never answers (`window`: how else
 * it is), once the worker has waited out its second for an answer.
 */
async function tapWithSilentWindow(window: { focusFails?: boolean; controlled?: boolean }) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const open = appWindow({ answers: false, ...window })
  const worker = loadWorker([open])
  const { done } = worker.click('/my-bookings')
  await vi.advanceTimersByTimeAsync(1000)
  await done
  return { open, worker }
}

const PAYLOAD: PushPayload = {
  title: 'A seat is yours for 30 minutes',
  body: 'Book it before 7:40 PM.',
  url: '/events/first-hello-stranger-meetup?date=2026-12-05',
  tag: 'offer-o1',
}

it('shows a push as its payload says, nothing more, and tells the open windows', async () => {
  const open = appWindow()
  const worker = loadWorker([open])
  await worker.push({ ...PAYLOAD, email: 'asha@example.test', extra: { phone: '+91' } })
  expect(worker.self.registration.showNotification).toHaveBeenCalledWith(PAYLOAD.title, {
    body: PAYLOAD.body,
    tag: PAYLOAD.tag,
    renotify: false,
    data: { url: PAYLOAD.url },
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
  })
  expect(open.postMessage).toHaveBeenCalledWith({ type: 'yaari:notice' })
})

it('ignores a push that is not a notice: no title, no data, not JSON', async () => {
  const worker = loadWorker()
  await worker.push({ body: 'no title', url: '/' })
  await worker.push(undefined)
  await worker.push('{not json')
  expect(worker.self.registration.showNotification).not.toHaveBeenCalled()
})

it('a tap with the app open: focuses it and asks it to show the page, which it does itself', async () => {
  const open = appWindow()
  const worker = loadWorker([open])
  const { notification, done } = worker.click(PAYLOAD.url)
  await done
  expect(notification.close).toHaveBeenCalledOnce()
  expect(open.focus).toHaveBeenCalledOnce()
  expect(open.postMessage).toHaveBeenCalledWith({ type: 'yaari:open', url: PAYLOAD.url }, [expect.anything()])
  expect(open.navigate).not.toHaveBeenCalled()
  expect(worker.self.clients.openWindow).not.toHaveBeenCalled()
})

it('a window that cannot be focused is still told; one that does not answer is navigated', async () => {
  const { open, worker } = await tapWithSilentWindow({ focusFails: true })
  expect(open.postMessage).toHaveBeenCalledWith({ type: 'yaari:open', url: '/my-bookings' }, [expect.anything()])
  expect(open.navigate).toHaveBeenCalledWith('/my-bookings')
  expect(worker.self.clients.openWindow).not.toHaveBeenCalled()
})

it('a silent window the worker does not control: the page opens in a new one', async () => {
  const { worker } = await tapWithSilentWindow({ controlled: false })
  expect(worker.self.clients.openWindow).toHaveBeenCalledWith('/my-bookings')
})

it('a tap with no window open opens one on the page', async () => {
  const worker = loadWorker([])
  await worker.click(PAYLOAD.url).done
  expect(worker.self.clients.openWindow).toHaveBeenCalledWith(PAYLOAD.url)
})

it('never leaves the app: a foreign or odd address opens the notifications instead', async () => {
  for (const url of [
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    42,
    undefined,
  ]) {
    const worker = loadWorker([])
    await worker.click(url).done
    expect(worker.self.clients.openWindow).toHaveBeenCalledWith('/notifications')
  }
  // A foreign address in the push itself is not kept either.
  const worker = loadWorker([])
  await worker.push({ ...PAYLOAD, url: 'https://evil.example/' })
  expect(worker.self.registration.showNotification).toHaveBeenCalledWith(
    PAYLOAD.title,
    expect.objectContaining({ data: { url: '/notifications' } }),
  )
})
