// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { HELP_MESSAGES } from '@yaari/domain/help'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { call } from '../../lib/call'
import { HelpSheet } from './help-sheet'

vi.mock('../../lib/call', async (original) => ({ ...(await original<object>()), call: vi.fn() }))

const ORDER = 'yaari_20261202_abcdef'
let online = true

beforeEach(() => {
  online = true
  vi.mocked(call).mockClear()
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  vi.mocked(call).mockImplementation(async (contract) =>
    contract.name === 'listMyAlerts' ? { alerts: [] } : { alert: { alertId: 'x', state: 'open' } },
  )
})
afterEach(() => {
  cleanup()
  localStorage.clear()
  vi.restoreAllMocks()
})

const failure = (code: string, message: string) => Object.assign(new Error(message), { code })
const raised = () => vi.mocked(call).mock.calls.filter(([contract]) => contract.name === 'raiseAlert')
const queue = () => JSON.parse(localStorage.getItem('yaari-help-queue') ?? '[]')
/** raiseAlert answers with `raise` (each call), listMyAlerts with none. */
const raiseAnswers = (raise: () => Promise<unknown>) =>
  vi.mocked(call).mockImplementation(async (contract) => (contract.name === 'listMyAlerts' ? { alerts: [] } : raise()))

const open = async () => {
  render(<HelpSheet orderId={ORDER} />)
  fireEvent.click(screen.getByRole('button', { name: HELP_MESSAGES.needHelp }))
  await screen.findByRole('dialog', { name: HELP_MESSAGES.needHelp })
}

/**
 * Chooses `reason`, then taps Alert. The choice is waited for on the card's own state, which the
 * sheet's chosen reason drives (the hidden input's checked flips with the click, before the sheet
 * has the reason: an Alert tapped then would be asked what is happening).
 */
const tap = async (reason = 'I feel unsafe') => {
  fireEvent.click(screen.getByRole('radio', { name: reason }))
  await waitFor(() =>
    expect(screen.getByRole('radio', { name: reason }).closest('[data-part="item"]')?.getAttribute('data-state')).toBe(
      'checked',
    ),
  )
  fireEvent.click(screen.getByRole('button', { name: HELP_MESSAGES.alert }))
}

/** An alert tapped with no connection: kept on the phone, and the guest told so. */
async function tappedOffline() {
  online = false
  await open()
  await tap()
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(HELP_MESSAGES.queued))
}

/** The phone is back online, and sending what it kept fails with `code`. */
function backOnlineFailing(code: string, message: string) {
  raiseAnswers(async () => {
    throw failure(code, message)
  })
  online = true
  window.dispatchEvent(new Event('online'))
}

it('opens with the emergency numbers as links the phone dials, with no call to the server needed', async () => {
  online = false
  await open()
  const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'))
  expect(links).toEqual(expect.arrayContaining(['tel:108', 'tel:112', expect.stringMatching(/^tel:\+91/)]))
  expect(links.some((href) => href?.startsWith('https://wa.me/'))).toBe(true)
})

it('keeps an alert tapped offline on the phone, says so, and sends it once the phone is back online', async () => {
  await tappedOffline()
  expect(vi.mocked(call).mock.calls.filter(([contract]) => contract.name === 'raiseAlert')).toHaveLength(0)

  online = true
  window.dispatchEvent(new Event('online'))
  await waitFor(() =>
    expect(vi.mocked(call).mock.calls.filter(([contract]) => contract.name === 'raiseAlert')).toHaveLength(1),
  )
  const [, sent] = vi.mocked(call).mock.calls.find(([contract]) => contract.name === 'raiseAlert')!
  expect(sent).toMatchObject({ orderId: ORDER, reason: 'unsafe', alertId: expect.stringMatching(/^\w{8,64}$/) })
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(HELP_MESSAGES.sent))
  expect(localStorage.getItem('yaari-help-queue')).toBe('[]')
})

it('asks what is happening before it alerts anyone', async () => {
  await open()
  fireEvent.click(screen.getByRole('button', { name: HELP_MESSAGES.alert }))
  expect(screen.getByRole('alert').textContent).toBe('Choose what is happening')
  expect(vi.mocked(call).mock.calls.filter(([contract]) => contract.name === 'raiseAlert')).toHaveLength(0)
})

it.each([
  ['a dead line', 'functions/internal'],
  ['a hanging line', 'functions/deadline-exceeded'],
  ['a server out of reach', 'functions/unavailable'],
])(
  'an alert whose send fails on %s while the phone says it is online is kept, said so, and tried again as the same alert',
  async (_, code) => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const retries = vi.spyOn(globalThis, 'setInterval')
    try {
      let fails = true
      raiseAnswers(async () => {
        if (fails) throw failure(code, code.replace('functions/', ''))
        return { alert: { alertId: 'x', state: 'open' } }
      })
      await open()
      await tap()
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(HELP_MESSAGES.queued))
      // Kept as the very alert it tried: had that send reached the server, the next is the same alert.
      const [kept] = queue()
      expect(queue()).toEqual([expect.objectContaining({ orderId: ORDER, reason: 'unsafe' })])
      expect(raised()[0]![1]).toMatchObject({ alertId: kept.alertId })

      // No `online` event comes on a line that hangs: the sheet tries again by itself, once its
      // retry is set (an effect after the render that said "saved": waited for, not assumed).
      fails = false
      await waitFor(() => expect(retries.mock.calls.some(([, ms]) => ms === 15_000)).toBe(true))
      vi.advanceTimersByTime(15_000)
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(HELP_MESSAGES.sent))
      expect(raised()).toHaveLength(2)
      expect(raised()[1]![1]).toMatchObject({ alertId: kept.alertId })
      expect(queue()).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  },
)

it('says the server’s reason when it refuses an alert, and keeps nothing to send again', async () => {
  raiseAnswers(async () => {
    throw failure('functions/failed-precondition', HELP_MESSAGES.notTonight)
  })
  await open()
  await tap()
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(HELP_MESSAGES.notTonight))
  expect(queue()).toEqual([])
})

it('keeps an alert tapped offline whose send fails when the phone is back, and sends it when the sheet is opened again', async () => {
  await tappedOffline()
  backOnlineFailing('functions/internal', 'internal')
  await waitFor(() => expect(raised()).toHaveLength(1))
  // The send failed, and what the sheet does after it is done: the alert is still kept.
  await Promise.allSettled(vi.mocked(call).mock.results.map((result) => result.value))
  await act(async () => {})
  expect(queue()).toHaveLength(1)

  raiseAnswers(async () => ({ alert: { alertId: 'x', state: 'open' } }))
  fireEvent.click(screen.getByRole('button', { name: 'Close' }))
  fireEvent.click(await screen.findByRole('button', { name: HELP_MESSAGES.needHelp }))
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(HELP_MESSAGES.sent))
  expect(raised()).toHaveLength(2)
  expect(queue()).toEqual([])
})

it('tells the guest why the server refused an alert kept offline, and drops it', async () => {
  await tappedOffline()
  backOnlineFailing('functions/resource-exhausted', HELP_MESSAGES.tooMany)
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(HELP_MESSAGES.tooMany))
  expect(queue()).toEqual([])
})
