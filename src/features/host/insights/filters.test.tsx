// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { Filters } from './filters'

afterEach(cleanup)

it('offers only years a period may have, and refuses one typed past them without asking the server', () => {
  const onAsk = vi.fn()
  render(<Filters query={{ period: 'custom', from: '2026-11-01', to: '2026-11-29' }} onAsk={onAsk} busy={false} />)
  const from = screen.getByLabelText('From') as HTMLInputElement
  const to = screen.getByLabelText('To') as HTMLInputElement
  expect([from.min, from.max, to.min, to.max]).toEqual(['2024-01-01', '2099-12-31', '2024-01-01', '2099-12-31'])

  fireEvent.change(to, { target: { value: '9999-12-31' } })
  fireEvent.click(screen.getByRole('button', { name: 'Show this range' }))
  expect(screen.getByText('Choose a date from 2024 to 2099.')).toBeTruthy()
  expect(onAsk).not.toHaveBeenCalled()

  fireEvent.change(to, { target: { value: '2026-11-30' } })
  fireEvent.click(screen.getByRole('button', { name: 'Show this range' }))
  expect(onAsk).toHaveBeenCalledWith({ period: 'custom', from: '2026-11-01', to: '2026-11-30' })
})
