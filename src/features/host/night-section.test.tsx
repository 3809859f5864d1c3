// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { GuestList, NightSummary } from '@yaari/domain/host'
import { afterEach, expect, it, vi } from 'vitest'
import { NightSection } from './night-section'

afterEach(cleanup)

const night = (overrides: Partial<NightSummary> = {}): NightSummary => ({
  state: 'waiting',
  came: 1,
  ratings: 0,
  comments: [],
  improve: { venue: 0, group: 0, host: 0 },
  connections: 0,
  ...overrides,
})

const list = (summary: NightSummary): GuestList =>
  ({
    date: {} as GuestList['date'],
    guests: [
      { uid: 'a', orderId: 'o1', name: 'Asha Rao', bookedAt: '', state: 'paid', came: 'door' },
      { uid: 'b', orderId: 'o2', name: 'Bala Iyer', bookedAt: '', state: 'paid' },
      { uid: 'c', name: 'Chitra Das', bookedAt: '', state: 'waiting' },
    ],
    night: summary,
    readAt: '',
  }) as GuestList

it('shows nothing before the evening starts', () => {
  const { container } = render(<NightSection list={list(night())} started={false} editable markCame={vi.fn()} />)
  expect(container.innerHTML).toBe('')
})

it('lets a host mark the paid guests the door did not check in, until the morning after', async () => {
  const markCame = vi.fn(async () => true)
  render(<NightSection list={list(night())} started editable markCame={markCame} />)
  expect(screen.getByText('Asha Rao: checked in at the door')).toBeTruthy()
  expect(screen.queryByRole('checkbox', { name: 'Asha Rao came' })).toBeNull()
  expect(screen.queryByRole('checkbox', { name: 'Chitra Das came' })).toBeNull()
  await userEvent.click(screen.getByRole('checkbox', { name: 'Bala Iyer came' }))
  expect(markCame).toHaveBeenCalledWith('o2', 'Bala Iyer', true)
})

it('says so when no one was recorded as come, and offers no marks once asked', () => {
  render(<NightSection list={list(night({ state: 'none', came: 0 }))} started editable markCame={vi.fn()} />)
  expect(screen.getByText(/No attendance was recorded for this date/)).toBeTruthy()
  expect(screen.queryByRole('checkbox')).toBeNull()
})

it('reads the evening in numbers: the average, the comments, the connections, never who', () => {
  const summary = night({ state: 'open', came: 3, ratings: 2, average: 4.5, comments: ['Lovely.'], connections: 1 })
  render(<NightSection list={list(summary)} started editable markCame={vi.fn()} />)
  expect(screen.getByText('4.5 / 5 from 2 guests')).toBeTruthy()
  expect(screen.getByText('1 connection')).toBeTruthy()
  expect(screen.getByText('Lovely.')).toBeTruthy()
})
