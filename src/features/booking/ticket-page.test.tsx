// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import type { BookingView } from '@yaari/domain/booking'
import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { HELP_MESSAGES } from '@yaari/domain/help'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { installCatalogue } from '../../lib/catalogue'
import { useNow } from '../../lib/clock'
import { useMyBooking } from '../../lib/member-data/hooks'
import { TicketPage } from './ticket-page'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
}))
vi.mock('../../lib/clock', () => ({ useNow: vi.fn() }))
vi.mock('../../lib/member-data/hooks', () => ({ useMyBooking: vi.fn() }))
vi.mock('../../lib/member-data/use-pending-recheck', () => ({ usePendingRecheck: () => undefined }))
vi.mock('../../ui/refreshed-note', () => ({ RefreshedNote: () => null }))
// The sheet itself is help-sheet.test.tsx's: here, only whether the ticket shows it.
vi.mock('./help-sheet', () => ({ HelpSheet: () => <button type="button">{HELP_MESSAGES.needHelp}</button> }))

const event = SEED_CATALOGUE.events[0]!
const DATE = '2026-12-06'

beforeAll(() => installCatalogue(SEED_CATALOGUE))
afterEach(cleanup)

async function ticketAt(istTime: string, status: BookingView['status'] = 'confirmed') {
  vi.mocked(useNow).mockReturnValue(new Date(`${istTime}+05:30`))
  const booking: BookingView = {
    orderId: 'yaari_20261206_abcdef',
    status,
    eventId: event.id,
    eventDate: DATE,
    tier: 'girls',
    amount: 99_900,
    createdAt: '2026-11-01T10:00:00.000Z',
  }
  vi.mocked(useMyBooking).mockReturnValue({
    status: 'signed-in',
    uid: 'uid-1',
    verified: true,
    snapshot: { uid: 'uid-1', data: booking, refreshedAt: Date.now() },
    refresh: undefined,
  })
  render(<TicketPage orderId={booking.orderId} />)
  await screen.findByRole('heading', { name: event.title })
  // The sheet is loaded lazily: given the time to arrive, whether it shows.
  return (await screen.findAllByRole('button', { name: HELP_MESSAGES.needHelp }).catch(() => [])).length > 0
}

it.each([
  ['the morning of the day before (a phone a day slow)', '2026-12-05T09:00:00'],
  ['the morning of the date, before the door opens', '2026-12-06T09:00:00'],
  ['the evening', `${DATE}T${event.startTime}:00`],
  ['the evening of the day after (a phone a day fast)', '2026-12-07T21:00:00'],
])('a confirmed ticket shows Need help? on %s, whatever the phone’s clock says of the evening', async (_, at) => {
  expect(await ticketAt(at)).toBe(true)
})

it.each([
  ['two days before', '2026-12-04T21:00:00'],
  ['two days after', '2026-12-08T09:00:00'],
])('a ticket does not load Need help? %s', async (_, at) => {
  expect(await ticketAt(at)).toBe(false)
})

it('a booking that is not a ticket shows no Need help?, even on its date', async () => {
  expect(await ticketAt(`${DATE}T${event.startTime}:00`, 'cancelled')).toBe(false)
})
