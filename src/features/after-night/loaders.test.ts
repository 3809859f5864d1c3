// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { afterEach, expect, it, vi } from 'vitest'
import { MEMBER_KEY } from '../../lib/session/member-hint'
import { keepDraft } from './after-night-calls'
import { feedbackDraft } from './feedback'
import { loadEvening } from './loaders'

vi.mock('./use-signed-in-load', () => ({ firstAnswer: vi.fn(async () => undefined) }))

afterEach(() => localStorage.clear())

it('reads the feedback this device kept for the member it knows, before the page renders', async () => {
  localStorage.setItem(MEMBER_KEY, JSON.stringify({ uid: 'm1', name: 'Asha', email: null }))
  const form = { rating: 4, comment: 'Lovely', improve: [] }
  await keepDraft('m1', feedbackDraft('o1'), form)
  expect((await loadEvening('o1')).draft).toEqual({ uid: 'm1', value: form })
  expect((await loadEvening('o2')).draft).toEqual({ uid: 'm1', value: undefined })
})

it('reads nothing when the device knows no member', async () => {
  expect((await loadEvening('o1')).draft).toBeUndefined()
})
