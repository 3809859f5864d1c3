// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deviceDatabase } from '../../test-utils/member-device'
import type { SyncDeps } from './profile-sync'

// The page's collaborators that reach outside the browser: the router, the toasts, the
// Firebase-backed calls and the local database. Everything in between is the real code.
const navigate = vi.fn(async (_to: unknown) => {})
const push = vi.fn((_path: string) => {})
const toasts: { title: string; description?: string }[] = []
const deps: SyncDeps = { saveProfile: vi.fn(), uploadPhoto: vi.fn(), isOnline: () => true }

vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate, useRouter: () => ({ history: { push } }) }))
vi.mock('../../ui/toast', () => ({
  showToast: async (toast: { title: string; description?: string }) => void toasts.push(toast),
}))
vi.mock('./pending-sync', () => ({ liveSyncDeps: deps, startPendingSync: vi.fn() }))
const db = await deviceDatabase('complete')
const { createDraftStore } = await import('./draft-store')
const { OnboardingProvider } = await import('./onboarding-context')
const { CompleteStep } = await import('./complete-step')

const complete = {
  mobile: '9876543210',
  name: 'Asha Rao',
  dateOfBirth: '1995-06-15',
  profession: 'tech',
  gender: 'female',
  interests: ['brunch'],
  area: 'koramangala',
}

async function renderWith(draft: Record<string, unknown>) {
  const store = createDraftStore(db(), 'alice')
  await vi.waitFor(() => expect(store.getState().status).toBe('ready'))
  store.getState().update(draft, 8)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <OnboardingProvider value={{ uid: 'alice', email: 'asha@example.test', store }}>{children}</OnboardingProvider>
  )
  render(<CompleteStep />, { wrapper })
  return store
}

const failure = (code: string, message = code) => Object.assign(new Error(message), { code })

beforeEach(() => {
  toasts.length = 0
  navigate.mockClear()
  push.mockClear()
  sessionStorage.clear()
})
afterEach(cleanup)

describe('the completion step', () => {
  it('shows the saving state, waits the fixed 1.5 s, then welcomes the member', async () => {
    deps.saveProfile = vi.fn(async () => ({ saved: true }))
    await renderWith(complete)
    expect(screen.getByRole('status').textContent).toContain('Creating your adventure profile...')
    const started = Date.now()
    await screen.findByRole('heading', { name: 'Welcome to Yaari, Asha!' }, { timeout: 4000 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400)
    expect(deps.saveProfile).toHaveBeenCalledWith({ ...complete, area: undefined, location: 'koramangala' })
    expect(toasts).toContainEqual(expect.objectContaining({ title: 'Your profile has been created successfully.' }))

    await userEvent.click(screen.getByRole('button', { name: 'Start Your Adventure' }))
    expect(navigate).toHaveBeenCalledWith({ to: '/events' })
    await vi.waitFor(async () => expect(await db().drafts.get('alice')).toBeUndefined())
  })

  it('goes back to the event the member was booking when they signed up from it', async () => {
    const { rememberReturnPath } = await import('../../lib/session/return-path')
    rememberReturnPath('/events/first-hello-stranger-meetup?tier=girls&date=2026-12-05')
    deps.saveProfile = vi.fn(async () => ({ saved: true }))
    await renderWith(complete)
    await userEvent.click(await screen.findByRole('button', { name: 'Start Your Adventure' }, { timeout: 4000 }))
    expect(push).toHaveBeenCalledWith('/events/first-hello-stranger-meetup?tier=girls&date=2026-12-05')
    expect(navigate).not.toHaveBeenCalledWith({ to: '/events' })
    // The draft goes with the start (before the test closes the database under it).
    await vi.waitFor(async () => expect(await db().drafts.get('alice')).toBeUndefined())
  })

  it('a refused save: Profile Creation Failed with the reason, and Try again', async () => {
    deps.saveProfile = vi
      .fn()
      .mockRejectedValueOnce(failure('functions/invalid-argument', 'dateOfBirth: Please enter a valid date'))
      .mockResolvedValueOnce({ saved: true })
    await renderWith(complete)
    await screen.findByRole('heading', { name: 'Profile Creation Failed' })
    expect(screen.getByText('There was an error saving your profile. Please try again.')).toBeTruthy()
    expect(screen.getByText('dateOfBirth: Please enter a valid date')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('heading', { name: 'Welcome to Yaari, Asha!' }, { timeout: 4000 })
  })

  it('an unexpected failure: Something went wrong', async () => {
    deps.saveProfile = vi.fn(async () => {
      throw failure('functions/permission-denied')
    })
    await renderWith(complete)
    await screen.findByRole('heading', { name: 'Something went wrong' })
    expect(screen.getByText('Please try again or contact support.')).toBeTruthy()
  })

  it('a lost session: Authentication Error, then sign-in', async () => {
    deps.saveProfile = vi.fn(async () => {
      throw failure('functions/unauthenticated')
    })
    await renderWith(complete)
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/auth' }))
    expect(toasts).toContainEqual({
      title: 'Authentication Error',
      description: 'Please sign in again to continue.',
      type: 'error',
    })
  })

  it('missing answers: Missing Profile Data, back to the step that asks', async () => {
    deps.saveProfile = vi.fn()
    await renderWith({ ...complete, interests: [] })
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/onboarding/interests', replace: true }))
    expect(toasts[0]?.title).toBe('Missing Profile Data')
    expect(deps.saveProfile).not.toHaveBeenCalled()
  })
})
