// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
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

const open = async () => {
  render(<HelpSheet orderId={ORDER} />)
  fireEvent.click(screen.getByRole('button', { name: HELP_MESSAGES.needHelp }))
  await screen.findByRole('dialog', { name: HELP_MESSAGES.needHelp })
}

it('opens with the emergency numbers as links the phone dials, with no call to the server needed', async () => {
  online = false
  await open()
  const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'))
  expect(links).toEqual(expect.arrayContaining(['tel:108', 'tel:112', expect.stringMatching(/^tel:\+91/)]))
  expect(links.some((href) => href?.startsWith('https://wa.me/'))).toBe(true)
})

it('keeps an alert tapped offline on the phone, says so, and sends it once the phone is back online', async () => {
  online = false
  await open()
  fireEvent.click(screen.getByRole('radio', { name: 'I feel unsafe' }))
  await waitFor(() => expect(screen.getByRole('radio', { name: 'I feel unsafe' })).toHaveProperty('checked', true))
  fireEvent.click(screen.getByRole('button', { name: HELP_MESSAGES.alert }))
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(HELP_MESSAGES.queued))
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
