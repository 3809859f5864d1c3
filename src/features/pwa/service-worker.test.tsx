// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { logError } from '../../lib/log'
import { RegisterServiceWorker, SERVICE_WORKER, type WorkerContainer } from './service-worker'

// The prompt itself needs workbox-window and a real worker (tests/e2e/update.spec.ts): here,
// only whether it is loaded.
vi.mock('./update-prompt', () => ({ UpdatePrompt: () => <p>the update prompt</p> }))
vi.mock('../../lib/log', () => ({ logError: vi.fn() }))

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

const registration = () => ({ update: vi.fn(async () => undefined), installing: null })

function container(controlled: boolean, register: WorkerContainer['register']): WorkerContainer {
  return { controller: controlled ? ({} as ServiceWorker) : null, register }
}

it('on a first visit (no worker controls the page) registers the worker itself, without the prompt', async () => {
  const register = vi.fn(async () => registration() as unknown as ServiceWorkerRegistration)
  render(<RegisterServiceWorker container={container(false, register)} />)
  await waitFor(() => expect(register).toHaveBeenCalledOnce())
  expect(register).toHaveBeenCalledWith(SERVICE_WORKER.url, { scope: SERVICE_WORKER.scope })
  expect(screen.queryByText('the update prompt')).toBeNull()
})

it('on a page a worker controls, loads the update prompt, which registers through workbox-window', async () => {
  const register = vi.fn(async () => registration() as unknown as ServiceWorkerRegistration)
  render(<RegisterServiceWorker container={container(true, register)} />)
  expect(await screen.findByText('the update prompt')).toBeTruthy()
  expect(register).not.toHaveBeenCalled()
})

it('a registration that fails is logged', async () => {
  const failure = new Error('insecure origin')
  render(
    <RegisterServiceWorker
      container={container(
        false,
        vi.fn(async () => Promise.reject(failure)),
      )}
    />,
  )
  await waitFor(() => expect(logError).toHaveBeenCalledWith('service-worker-registration', failure))
})

it('does nothing where the browser has no service workers', () => {
  render(<RegisterServiceWorker container={undefined} />)
  expect(screen.queryByText('the update prompt')).toBeNull()
})
