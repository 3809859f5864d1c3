// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { AfterNightView, GuestView } from '@yaari/domain/after-night'
import { afterEach, expect, it, vi } from 'vitest'
import { call } from '../../lib/call'
import { EveningGuest } from './evening-guest'
import { Feedback } from './feedback'

vi.mock('../../lib/call', async (original) => ({
  ...(await original<typeof import('../../lib/call')>()),
  call: vi.fn(),
}))

afterEach(cleanup)

const guest: GuestView = { guestId: 'g1', firstName: 'Ravi', picked: false, connected: false, reported: false }
const view: AfterNightView = {
  orderId: 'o1',
  eventId: 'e1',
  eventDate: '2026-12-05',
  open: true,
  closesAt: '2026-12-08T18:29:59.000Z',
  feedback: null,
  guests: [guest],
  connections: [],
  reports: [],
}

it('picks a guest, and says the server’s reason when it refuses', async () => {
  const onChanged = vi.fn()
  vi.mocked(call).mockResolvedValueOnce({ picked: true, connected: false })
  render(
    <ul>
      <EveningGuest guest={guest} view={view} onChanged={onChanged} />
    </ul>,
  )
  fireEvent.click(screen.getByRole('button', { name: /Meet again\? Ravi/ }))
  await waitFor(() => expect(onChanged).toHaveBeenCalledWith({ picked: true, connected: false }))
  expect(vi.mocked(call).mock.calls[0]?.[1]).toEqual({ orderId: 'o1', guestId: 'g1', picked: true })

  vi.mocked(call).mockRejectedValueOnce(
    Object.assign(new Error('This evening is closed.'), { code: 'functions/failed-precondition' }),
  )
  fireEvent.click(screen.getByRole('button', { name: /Meet again\? Ravi/ }))
  expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This evening is closed.')
})

it('opens the feedback on the draft the loader read for this member, and not on another member’s', () => {
  const draft = { rating: 4, comment: 'Lovely evening', improve: [] }
  render(<Feedback view={view} uid="m1" saved={{ uid: 'm1', value: draft }} onSaved={() => undefined} />)
  expect(screen.getByText('Restored what you typed on this device.')).toBeTruthy()
  expect(screen.getByDisplayValue('Lovely evening')).toBeTruthy()
  cleanup()
  render(<Feedback view={view} uid="m2" saved={{ uid: 'm1', value: draft }} onSaved={() => undefined} />)
  expect(screen.queryByDisplayValue('Lovely evening')).toBeNull()
})
