// @vitest-environment happy-dom
/**
 * The host's help screens: the alert banner (date page and door), the date's help section, and the
 * evening's alerts in "After the evening" (how each ended, and turning one into a report).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AFTER_MESSAGES } from '@yaari/domain/after-night'
import {
  answerAlertCall,
  type DateHelp,
  getDateHelpCall,
  HELP_MESSAGES,
  type HostAlertView,
  reportAlertCall,
  setCoordinatorsCall,
} from '@yaari/domain/help'
import type { GuestRow } from '@yaari/domain/host'
import { istToday } from '@yaari/domain/schedule'
import type { ReactNode } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import { call } from '../../lib/call'
import { AlertBanner } from './alert-banner'
import { HelpSection } from './help-section'
import { NightAlerts } from './night-alerts'
import { type DateHelpState, useDateHelp } from './use-date-help'

vi.mock('../../lib/call', async (original) => ({
  ...(await original<typeof import('../../lib/call')>()),
  call: vi.fn(),
}))
// The link to the reports page, without the app's router around it.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, className }: { to: string; children: ReactNode; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}))

afterEach(() => {
  cleanup()
  vi.mocked(call).mockReset()
})

const alert = (overrides: Partial<HostAlertView> = {}): HostAlertView => ({
  alertId: 'alert-0001',
  orderId: 'o1',
  reason: 'unsafe',
  state: 'open',
  raisedAt: '2026-12-05T14:00:00.000Z',
  guestName: 'Meera Shah',
  mobile: '+919800000001',
  escalated: false,
  ...overrides,
})

const help = (alerts: HostAlertView[]): DateHelp => ({
  alerts,
  coordinators: [],
  hosts: [],
  youCoordinate: false,
  readAt: '2026-12-05T14:01:00.000Z',
})

const state = (alerts: HostAlertView[]): DateHelpState => ({
  help: help(alerts),
  error: undefined,
  refresh: vi.fn(async () => undefined),
  settle: vi.fn(),
})

it('shows an open alert, with the guest’s first name, the reason and a number to call', () => {
  render(<AlertBanner eventId="e1" date="2026-12-05" dateHelp={state([alert()])} />)
  const banner = screen.getByRole('alert')
  expect(banner.textContent).toContain('Meera needs help: I feel unsafe')
  expect(banner.textContent).toContain('raised 7:30 PM')
  expect(screen.getByRole('link', { name: 'Call +919800000001' }).getAttribute('href')).toBe('tel:+919800000001')
  expect(screen.getByRole('button', { name: 'On my way' })).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Seen' })).toBeTruthy()
})

it('shows nothing once the alert is answered or cancelled, nor before the first answer', () => {
  const answered = alert({ state: 'answered', answeredBy: 'Priya' })
  const cancelled = alert({ alertId: 'alert-0002', state: 'cancelled' })
  const { container, rerender } = render(
    <AlertBanner eventId="e1" date="2026-12-05" dateHelp={state([answered, cancelled])} />,
  )
  expect(container.innerHTML).toBe('')
  rerender(
    <AlertBanner eventId="e1" date="2026-12-05" dateHelp={{ ...state([]), help: undefined, error: 'Offline' }} />,
  )
  expect(container.innerHTML).toBe('')
})

it('answers "On my way" for the alert of this date, and shows the answer at once', async () => {
  const dateHelp = state([alert()])
  const answered = alert({ state: 'answered', answeredBy: 'Priya' })
  vi.mocked(call).mockResolvedValueOnce({ alert: answered })
  render(<AlertBanner eventId="e1" date="2026-12-05" dateHelp={dateHelp} />)
  fireEvent.click(screen.getByRole('button', { name: 'On my way' }))
  await waitFor(() => expect(dateHelp.settle).toHaveBeenCalledWith(answered))
  expect(vi.mocked(call).mock.calls[0]?.[0]).toBe(answerAlertCall)
  expect(vi.mocked(call).mock.calls[0]?.[1]).toEqual({
    eventId: 'e1',
    eventDate: '2026-12-05',
    alertId: 'alert-0001',
    answer: 'coming',
  })
  expect(dateHelp.refresh).toHaveBeenCalled()
})

function Screen() {
  const dateHelp = useDateHelp('e1', '2026-12-05')
  return <AlertBanner eventId="e1" date="2026-12-05" dateHelp={dateHelp} />
}

it('stays on the screen until an answer, through the screen’s one poll', async () => {
  let alerts = [alert()]
  vi.mocked(call).mockImplementation((async (contract: unknown) => {
    if (contract === getDateHelpCall) return help(alerts)
    alerts = [alert({ state: 'answered', answeredBy: 'Priya' })]
    return { alert: alerts[0] }
  }) as typeof call)
  render(<Screen />)
  expect((await screen.findByRole('alert')).textContent).toContain('Meera needs help')
  fireEvent.click(screen.getByRole('button', { name: 'Seen' }))
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  expect(vi.mocked(call).mock.calls.find(([contract]) => contract === answerAlertCall)?.[1]).toMatchObject({
    answer: 'seen',
  })
})

it('shows nothing while the calls fail (the door offline)', async () => {
  vi.mocked(call).mockRejectedValue(Object.assign(new Error('offline'), { code: 'functions/unavailable' }))
  const { container } = render(<Screen />)
  await waitFor(() => expect(call).toHaveBeenCalled())
  expect(container.innerHTML).toBe('')
})

const hosts = [
  { uid: 'h-asha', name: 'Asha Rao' },
  { uid: 'h-bala', name: 'Bala Iyer' },
  { uid: 'h-chitra', name: 'Chitra Das' },
]

const sectionState = (overrides: Partial<DateHelp> = {}): DateHelpState => ({
  help: { alerts: [], coordinators: [hosts[0]!], hosts, youCoordinate: false, readAt: '', ...overrides },
  error: undefined,
  refresh: vi.fn(async () => undefined),
  settle: vi.fn(),
})

it('saves the coordinators ticked among the city’s hosts', async () => {
  const dateHelp = sectionState()
  vi.mocked(call).mockResolvedValueOnce({ coordinators: [hosts[0], hosts[2]] })
  render(<HelpSection eventId="e1" date="2026-12-05" dateHelp={dateHelp} editable />)
  const save = screen.getByRole('button', { name: 'Save coordinators' }) as HTMLButtonElement
  expect((screen.getByRole('checkbox', { name: 'Asha Rao' }) as HTMLInputElement).checked).toBe(true)
  expect(save.disabled).toBe(true)
  await userEvent.click(screen.getByRole('checkbox', { name: 'Chitra Das' }))
  await userEvent.click(save)
  await waitFor(() => expect(call).toHaveBeenCalledTimes(1))
  expect(vi.mocked(call).mock.calls[0]?.[0]).toBe(setCoordinatorsCall)
  expect(vi.mocked(call).mock.calls[0]?.[1]).toEqual({
    eventId: 'e1',
    eventDate: '2026-12-05',
    coordinators: ['h-asha', 'h-chitra'],
  })
  expect((await screen.findByRole('status')).textContent).toBe('Saved: Asha Rao and Chitra Das coordinate this date.')
  expect(dateHelp.refresh).toHaveBeenCalled()
})

it('saves no coordinator when every box is cleared', async () => {
  vi.mocked(call).mockResolvedValueOnce({ coordinators: [] })
  render(<HelpSection eventId="e1" date="2026-12-05" dateHelp={sectionState()} editable />)
  fireEvent.click(screen.getByRole('checkbox', { name: 'Asha Rao' }))
  fireEvent.click(screen.getByRole('button', { name: 'Save coordinators' }))
  await waitFor(() => expect(vi.mocked(call).mock.calls[0]?.[1]).toMatchObject({ coordinators: [] }))
})

it('says when you coordinate, and lists the alerts newest first with their answers', () => {
  const dateHelp = sectionState({
    youCoordinate: true,
    alerts: [
      alert({
        state: 'answered',
        answeredBy: 'Asha Rao',
        answer: { words: 'Asha is on her way', at: '2026-12-05T14:02:00.000Z' },
      }),
      alert({
        alertId: 'alert-0002',
        reason: 'medical',
        guestName: 'Ravi Kumar',
        mobile: '+919800000002',
        raisedAt: '2026-12-05T14:30:00.000Z',
      }),
    ],
  })
  const { unmount } = render(<HelpSection eventId="e1" date={istToday()} dateHelp={dateHelp} editable={false} />)
  // "Tonight" on the date itself; on another day, the date.
  expect(screen.getByText(HELP_MESSAGES.coordinating)).toBeTruthy()
  unmount()
  render(<HelpSection eventId="e1" date="2026-12-05" dateHelp={dateHelp} editable={false} />)
  expect(screen.getByText(HELP_MESSAGES.coordinatingDate)).toBeTruthy()
  expect(screen.queryByRole('checkbox')).toBeNull()
  const [newest, older] = within(screen.getByRole('list', { name: 'Alerts' })).getAllByRole('listitem')
  expect(newest!.textContent).toContain('Medical')
  expect(newest!.textContent).toContain('Raised at 8:00 PM')
  expect(within(newest!).getByRole('link', { name: '+919800000002' }).getAttribute('href')).toBe('tel:+919800000002')
  expect(within(newest!).getByRole('button', { name: 'On my way' })).toBeTruthy()
  expect(older!.textContent).toContain('I feel unsafe')
  expect(older!.textContent).toContain('Answered by Asha Rao at 7:32 PM: Asha is on her way')
  expect(within(older!).queryByRole('button')).toBeNull()
})

it('does not say you coordinate when you do not', () => {
  render(<HelpSection eventId="e1" date="2026-12-05" dateHelp={sectionState()} editable />)
  expect(screen.queryByText(/^You are coordinating/)).toBeNull()
  expect(screen.getByText('No guest has asked for help on this date.')).toBeTruthy()
})

/** An alert answered by Priya two minutes on, with the guest's note. */
const answered = (overrides: Partial<HostAlertView> = {}) =>
  alert({
    orderId: 'order-meera',
    note: 'He keeps following me',
    state: 'answered',
    answer: { words: 'Priya is on her way', at: '2026-12-05T14:02:00.000Z' },
    answeredBy: 'Priya Nair',
    ...overrides,
  })

const guest = (orderId: string, name: string, state: GuestRow['state'] = 'paid'): GuestRow => ({
  uid: `uid-${orderId}`,
  orderId,
  name,
  bookedAt: '2026-12-01T10:00:00.000Z',
  state,
})
const GUESTS = [
  guest('order-meera', 'Meera Shah'),
  guest('order-arjun', 'Arjun Rao'),
  guest('order-waits', 'Wait Listed', 'waiting'),
]

it('lists each alert with when it was raised and how it ended; nothing when no guest asked', () => {
  const { container, rerender } = render(
    <NightAlerts
      eventId="e1"
      date="2026-12-05"
      guests={GUESTS}
      editable
      dateHelp={state([
        answered(),
        answered({ alertId: 'alert-0002', state: 'open', answer: undefined, answeredBy: undefined, escalated: true }),
      ])}
    />,
  )
  const items = within(screen.getByRole('list', { name: 'Alerts during the evening' })).getAllByRole('listitem')
  expect(items[0]?.textContent).toContain('Raised at 7:30 PM · Answered at 7:32 PM by Priya Nair: Priya is on her way')
  expect(items[1]?.textContent).toContain('Never answered · the admins were told')
  rerender(<NightAlerts eventId="e1" date="2026-12-05" guests={GUESTS} editable dateHelp={state([])} />)
  expect(container.innerHTML).toBe('')
})

it('turns an alert into a report about another paid guest, with the spec’s messages for what is missing', async () => {
  const user = userEvent.setup()
  const dateHelp = state([answered()])
  const reported = answered({ reported: true })
  vi.mocked(call).mockResolvedValue({ alert: reported })
  const { rerender } = render(
    <NightAlerts eventId="e1" date="2026-12-05" guests={GUESTS} editable dateHelp={dateHelp} />,
  )
  await user.click(screen.getByRole('button', { name: 'Turn into a report' }))
  const form = screen.getByRole('form', { name: 'Report from Meera Shah’s alert' })
  // Only the other paid guests: not the guest who asked for help, nor one still waiting.
  const about = within(form).getByRole('combobox', { name: 'About' })
  expect(
    within(about)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Choose…', 'Arjun Rao'])
  // The note comes with it.
  expect((within(form).getByRole('textbox', { name: 'What the report says' }) as HTMLTextAreaElement).value).toBe(
    'He keeps following me',
  )

  await user.click(within(form).getByRole('button', { name: 'File the report' }))
  expect(within(form).getByText(HELP_MESSAGES.reportAbout)).toBeTruthy()
  await user.selectOptions(about, 'order-arjun')
  await user.click(within(form).getByRole('button', { name: 'File the report' }))
  expect(within(form).getByText(AFTER_MESSAGES.reportReason)).toBeTruthy()
  await user.selectOptions(within(form).getByRole('combobox', { name: 'What happened?' }), 'harassment')
  await user.click(within(form).getByRole('button', { name: 'File the report' }))

  expect(call).toHaveBeenCalledWith(reportAlertCall, {
    eventId: 'e1',
    eventDate: '2026-12-05',
    alertId: 'alert-0001',
    orderId: 'order-arjun',
    reason: 'harassment',
    text: 'He keeps following me',
  })
  expect(dateHelp.settle).toHaveBeenCalledWith(reported)
  rerender(<NightAlerts eventId="e1" date="2026-12-05" guests={GUESTS} editable dateHelp={state([reported])} />)
  expect(screen.getByText('Turned into a report')).toBeTruthy()
  expect(screen.getByRole('link', { name: 'See the reports' }).getAttribute('href')).toBe('/host/reports')
  expect(screen.queryByRole('button', { name: 'Turn into a report' })).toBeNull()
})
