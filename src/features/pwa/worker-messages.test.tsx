// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { useOpenFromWorker } from './worker-messages'

const navigate = vi.fn(async () => undefined)
vi.mock('@tanstack/react-router', () => ({ useRouter: () => ({ navigate }) }))

function message(data: unknown) {
  const port = { postMessage: vi.fn() }
  return { event: new MessageEvent('message', { data, ports: [port as unknown as MessagePort] }), port }
}

it("shows the page the worker names, and answers it; anything else is not the app's to open", () => {
  const container = new EventTarget()
  const { unmount } = renderHook(() => useOpenFromWorker(container as unknown as ServiceWorkerContainer))

  const open = message({ type: 'yaari:open', url: '/my-bookings/o1?from=push' })
  container.dispatchEvent(open.event)
  expect(navigate).toHaveBeenCalledWith({ href: '/my-bookings/o1?from=push' })
  expect(open.port.postMessage).toHaveBeenCalledOnce()

  navigate.mockClear()
  for (const data of [
    { type: 'yaari:open', url: 'https://evil.example/' },
    { type: 'yaari:open', url: '//evil.example/' },
    { type: 'yaari:open', url: 42 },
    { type: 'yaari:notice' },
    null,
  ]) {
    const other = message(data)
    container.dispatchEvent(other.event)
    expect(other.port.postMessage).not.toHaveBeenCalled()
  }
  expect(navigate).not.toHaveBeenCalled()

  unmount()
  container.dispatchEvent(message({ type: 'yaari:open', url: '/' }).event)
  expect(navigate).not.toHaveBeenCalled()
})
