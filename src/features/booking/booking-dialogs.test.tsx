// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { availableDates } from '@yaari/domain/schedule'
import { afterEach, expect, it, vi } from 'vitest'
import { useMyBookings } from '../../lib/member-data/hooks'
import { useAvailability } from '../../lib/use-availability'
import BookingDialogs from './booking-dialogs'
import { dateDialogDescription } from './date-sheet'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: unknown; to: string }) => <a href={to}>{children as string}</a>,
}))
vi.mock('../../lib/member-data/hooks', () => ({ useMyBookings: vi.fn(), useMyProfile: vi.fn() }))
vi.mock('../../lib/member-data/refresh', () => ({ refreshMemberData: vi.fn() }))
vi.mock('../../lib/use-availability', () => ({ useAvailability: vi.fn() }))

afterEach(cleanup)

const event = SEED_CATALOGUE.events[0]!
const [booked, open] = availableDates(event)

it('a date the member already has a seat on says so at the date, with My bookings a link, and offers no Continue', async () => {
  vi.mocked(useAvailability).mockReturnValue({
    status: 'ready',
    byDate: new Map([booked!, open!].map((date) => [date, { date, spotsLeft: 4, capacity: 10, waiting: 0 } as never])),
  })
  vi.mocked(useMyBookings).mockReturnValue({
    status: 'signed-in',
    uid: 'uid-1',
    verified: true,
    snapshot: {
      uid: 'uid-1',
      data: { bookings: [{ eventId: event.id, eventDate: booked!, status: 'confirmed' } as never], waitlist: [] },
      refreshedAt: Date.now(),
    },
    refresh: undefined,
  })
  render(<BookingDialogs event={event} tier="girls" onTierChange={() => undefined} onClose={() => undefined} />)

  fireEvent.click(screen.getByRole('radio', { name: /Booked/ }))
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(BOOKING_MESSAGES.alreadyBooked))
  expect(screen.getByRole('link', { name: 'My bookings' }).getAttribute('href')).toBe('/my-bookings')
  expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull()

  // Another date goes on as before.
  const other = screen.getAllByRole('radio').find((radio) => !/Booked/.test(radio.closest('label')?.textContent ?? ''))
  fireEvent.click(other!)
  expect(((await screen.findByRole('button', { name: 'Continue' })) as HTMLButtonElement).disabled).toBe(false)
  expect(screen.getByRole('status').textContent).toBe('')

  // Continue hides the step that held focus: focus goes to the new step's heading, which is read out.
  const continueButton = screen.getByRole('button', { name: 'Continue' })
  continueButton.focus()
  fireEvent.click(continueButton)
  const heading = await screen.findByRole('heading', { name: 'Book your seat' })
  await waitFor(() => expect(document.activeElement).toBe(heading))
})

it('says the months it offers as they are: the current one and the next ones', () => {
  const months = new Set(availableDates(event).map((date) => date.slice(0, 7)))
  expect(event.schedule.monthsAhead).toBe(2)
  expect(months.size).toBeLessThanOrEqual(3)
  expect(dateDialogDescription(event)).toMatch(/, this month and the next two\.$/)
  expect(dateDialogDescription({ ...event, schedule: { ...event.schedule, monthsAhead: 0 } })).toMatch(
    /, this month\.$/,
  )
})

it('a date chosen before its seats were known that turns out cancelled or closed goes no further', () => {
  vi.mocked(useMyBookings).mockReturnValue({ status: 'signed-out' } as never)
  for (const state of [{ cancelled: true }, { salesClosed: true }]) {
    vi.mocked(useAvailability).mockReturnValue({
      status: 'ready',
      byDate: new Map([[open!, { date: open!, spotsLeft: 4, capacity: 10, waiting: 0, ...state } as never]]),
    })
    render(
      <BookingDialogs
        event={event}
        tier="girls"
        initialDate={open}
        onTierChange={() => undefined}
        onClose={() => undefined}
      />,
    )
    const chosen = screen.getByRole('radio', { checked: true }) as HTMLInputElement
    expect(chosen.value).toBe(open)
    expect(chosen.disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true)
    cleanup()
  }
})
