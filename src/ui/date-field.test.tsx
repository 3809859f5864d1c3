// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { DateField } from './date-field'

afterEach(cleanup)

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <button type="button">Before</button>
      <DateField label="Date of birth" value={value} onChange={setValue} />
      <output>{value || 'none'}</output>
      <button type="button">After</button>
    </>
  )
}

it('is one tab stop between the controls around it', async () => {
  render(<Harness />)
  await userEvent.click(screen.getByRole('button', { name: 'Before' }))
  await userEvent.tab()
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Date of birth' }))
  await userEvent.tab()
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }))
})

it('gives an ISO date once the whole date is typed, and "" while it is not', async () => {
  render(<Harness />)
  const box = screen.getByRole('textbox', { name: 'Date of birth' })
  expect(box.getAttribute('inputmode')).toBe('numeric')
  await userEvent.type(box, '1508199')
  expect(box).toHaveProperty('value', '15/08/199')
  expect(screen.getByRole('status').textContent).toBe('none')
  await userEvent.type(box, '5')
  expect(box).toHaveProperty('value', '15/08/1995')
  expect(screen.getByRole('status').textContent).toBe('1995-08-15')
  await userEvent.type(box, '{Backspace}')
  expect(box).toHaveProperty('value', '15/08/199')
  expect(screen.getByRole('status').textContent).toBe('none')
})

it('shows a date set from outside, such as a saved profile', () => {
  render(<Harness initial="1990-02-20" />)
  expect(screen.getByRole('textbox', { name: 'Date of birth' })).toHaveProperty('value', '20/02/1990')
})

it('edits inside a whole date without moving the rest: Backspace and Delete at a slash', async () => {
  render(<Harness initial="1995-08-15" />)
  const box = screen.getByRole('textbox', { name: 'Date of birth' }) as HTMLInputElement
  await userEvent.click(box)
  box.setSelectionRange(3, 3) // 15/|08/1995
  await userEvent.keyboard('{Backspace}')
  expect(box.value).toBe('1/08/1995')
  expect(box.selectionStart).toBe(1)
  await userEvent.keyboard('5')
  expect(box.value).toBe('15/08/1995')
  box.setSelectionRange(2, 2) // 15|/08/1995
  await userEvent.keyboard('{Delete}')
  expect(box.value).toBe('15/8/1995')
  expect(screen.getByRole('status').textContent).toBe('1995-08-15') // still the whole date
  await userEvent.tab()
  expect(box.value).toBe('15/08/1995')
})
