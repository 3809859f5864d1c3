// @vitest-environment happy-dom
import { HELP_MESSAGES } from '@yaari/domain/help'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { call } from '../../lib/call'
import { queuedAlerts, raiseHelp, sendQueuedAlerts } from './help-alerts'

vi.mock('../../lib/call', async (original) => ({ ...(await original<object>()), call: vi.fn() }))

const ORDER = 'yaari_20261202_abcdef'
const TAP = { orderId: ORDER, reason: 'unsafe', note: 'Near the bar' } as const
const failure = (code: string | undefined, message = code ?? 'Failed to fetch') =>
  Object.assign(new Error(message), code ? { code } : {})
/** How the SDK fails when the server was never heard from: a dead line, a hanging one, a server away, a chunk not loaded. */
const NOT_HEARD = [
  failure('functions/internal', 'internal'),
  failure('functions/deadline-exceeded', 'deadline-exceeded'),
  failure('functions/unavailable', 'unavailable'),
  failure(undefined),
]
const REFUSED = [
  failure('functions/permission-denied', HELP_MESSAGES.noSeat),
  failure('functions/failed-precondition', HELP_MESSAGES.notTonight),
  failure('functions/resource-exhausted', HELP_MESSAGES.tooMany),
  failure('functions/invalid-argument', 'Choose what is happening'),
  failure('functions/not-found', 'No such booking.'),
  failure('functions/unauthenticated', 'Please sign in again to continue.'),
]

let online = true
const raised = () => vi.mocked(call).mock.calls.filter(([contract]) => contract.name === 'raiseAlert')

beforeEach(() => {
  online = true
  vi.mocked(call).mockReset()
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
})
afterEach(() => {
  localStorage.clear()
  vi.restoreAllMocks()
})

describe('raiseHelp', () => {
  it('sends at once when the phone is online', async () => {
    vi.mocked(call).mockResolvedValue({ alert: { alertId: 'x', state: 'open' } })
    expect(await raiseHelp(TAP)).toMatchObject({ state: 'sent' })
    expect(raised()).toHaveLength(1)
    expect(queuedAlerts(ORDER)).toEqual([])
  })

  it('keeps an alert tapped offline on the phone without trying', async () => {
    online = false
    expect(await raiseHelp(TAP)).toEqual({ state: 'queued' })
    expect(raised()).toHaveLength(0)
    expect(queuedAlerts(ORDER)).toEqual([expect.objectContaining({ ...TAP, alertId: expect.any(String) })])
  })

  it.each(NOT_HEARD)(
    'keeps the very alert it tried when its send fails with no answer from the server ($message)',
    async (error) => {
      vi.mocked(call).mockRejectedValue(error)
      expect(await raiseHelp(TAP)).toEqual({ state: 'queued' })
      // The same id as the try: had that send reached the server, the next is the same alert, not a second.
      const [kept] = queuedAlerts(ORDER)
      expect(queuedAlerts(ORDER)).toEqual([{ ...TAP, alertId: expect.any(String) }])
      expect(raised()[0]![1]).toMatchObject({ alertId: kept!.alertId })
    },
  )

  it.each(REFUSED)('says the server’s reason when it refuses, and keeps nothing ($code)', async (error) => {
    vi.mocked(call).mockRejectedValue(error)
    expect(await raiseHelp(TAP)).toEqual({ state: 'refused', message: error.message })
    expect(queuedAlerts(ORDER)).toEqual([])
  })
})

describe('sendQueuedAlerts', () => {
  const queueOne = async () => {
    online = false
    await raiseHelp(TAP)
    online = true
    return queuedAlerts(ORDER)[0]!.alertId
  }

  it('sends what waits, with the id it was kept with, and empties the queue', async () => {
    const alertId = await queueOne()
    vi.mocked(call).mockResolvedValue({ alert: { alertId, state: 'open' } })
    expect(await sendQueuedAlerts(ORDER)).toEqual({ sent: 1, refused: [] })
    expect(raised()).toHaveLength(1)
    expect(raised()[0]![1]).toMatchObject({ alertId })
    expect(queuedAlerts(ORDER)).toEqual([])
  })

  it.each(NOT_HEARD)('keeps an alert whose send the server did not answer ($message)', async (error) => {
    const alertId = await queueOne()
    vi.mocked(call).mockRejectedValue(error)
    expect(await sendQueuedAlerts(ORDER)).toEqual({ sent: 0, refused: [] })
    expect(queuedAlerts(ORDER).map((alert) => alert.alertId)).toEqual([alertId])
  })

  it.each(REFUSED)('drops an alert the server refuses, and answers its reason ($code)', async (error) => {
    await queueOne()
    vi.mocked(call).mockRejectedValue(error)
    expect(await sendQueuedAlerts(ORDER)).toEqual({ sent: 0, refused: [error.message] })
    expect(queuedAlerts(ORDER)).toEqual([])
  })

  it('sends only this booking’s alerts, and one send at a time', async () => {
    await queueOne()
    online = false
    await raiseHelp({ ...TAP, orderId: 'yaari_20261203_other1' })
    online = true
    let answer: (value: unknown) => void = () => undefined
    vi.mocked(call).mockImplementation(() => new Promise((resolve) => (answer = resolve)))
    const first = sendQueuedAlerts(ORDER)
    const again = sendQueuedAlerts(ORDER)
    await vi.waitFor(() => expect(raised()).toHaveLength(1))
    answer({ alert: { state: 'open' } })
    expect(await first).toEqual({ sent: 1, refused: [] })
    expect(await again).toEqual({ sent: 1, refused: [] })
    expect(raised()).toHaveLength(1)
    expect(queuedAlerts('yaari_20261203_other1')).toHaveLength(1)
  })
})
