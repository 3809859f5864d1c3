// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { formatIstDateTime } from '@yaari/domain/schedule'
import { afterEach, expect, it } from 'vitest'
import { GuestItem } from './guest-item'

afterEach(cleanup)

it('says when a guest booked as the IST day and time: 00:30 IST is already the next day', () => {
  // Saturday 28 November 2026, 00:30 IST is still Friday the 27th in UTC.
  const bookedAt = '2026-11-27T19:00:00.000Z'
  render(
    <ul>
      <GuestItem guest={{ uid: 'a', orderId: 'o1', name: 'Asha Rao', bookedAt, state: 'paid' }} />
    </ul>,
  )
  expect(screen.getByText(/Booked Saturday, 28 November 2026 12:30 AM/)).toBeTruthy()
  expect(screen.queryByText(/Friday, 27 November/)).toBeNull()
  expect(formatIstDateTime(new Date('2026-11-27T19:54:00Z'))).toBe('Saturday, 28 November 2026 1:24 AM')
})
