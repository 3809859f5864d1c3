// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { joinWaitlistCall, type WaitlistView } from '@yaari/domain/waitlist'
import { useState } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import { call } from '../../lib/call'
import { DateWaitlist } from './waitlist'

vi.mock('../../lib/call', async (original) => ({
  ...(await original<typeof import('../../lib/call')>()),
  call: vi.fn(),
}))
vi.mock('../../lib/member-data/refresh', () => ({ keepWaitlistPlace: vi.fn(async () => undefined) }))

afterEach(cleanup)

const event = SEED_CATALOGUE.events[0]!
const DATE = '2026-12-05'
const place: WaitlistView = {
  eventId: event.id,
  eventDate: DATE,
  status: 'waiting',
  position: 3,
  waiting: 3,
  joinedAt: '2026-11-20T10:00:00.000Z',
}

/** The date dialog's part, keeping the entry as the device would. */
function Dialog({ initial }: { initial?: WaitlistView }) {
  const [entry, setEntry] = useState(initial)
  return (
    <DateWaitlist
      event={event}
      tier="girls"
      date={DATE}
      waiting={2}
      entry={entry}
      signedIn
      onChanged={setEntry}
      afterJoin={<p>the ask</p>}
    />
  )
}

it('shows what follows a join right after the member joins, not when they come back to their place', async () => {
  vi.mocked(call).mockResolvedValueOnce({ entry: place })
  render(<Dialog />)
  expect(screen.queryByText('the ask')).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }))
  expect(await screen.findByText('the ask')).toBeTruthy()
  expect(screen.getByRole('status').textContent).toMatch(/You are #3 on the waitlist/)
  expect(vi.mocked(call).mock.calls[0]?.[0]).toBe(joinWaitlistCall)

  cleanup()
  render(<Dialog initial={place} />)
  expect(screen.getByRole('status').textContent).toMatch(/You are #3 on the waitlist/)
  expect(screen.queryByText('the ask')).toBeNull()
})
