// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { TextField } from './field'

afterEach(cleanup)

it('labels the input and describes it with its hint', () => {
  render(<TextField label="Mobile number" hint="10 digits, starting 6-9" defaultValue="" />)
  const input = screen.getByRole('textbox', { name: 'Mobile number' })
  expect(input.getAttribute('aria-invalid')).toBeNull()
  const describedBy = input.getAttribute('aria-describedby') ?? ''
  expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
    '10 digits, starting 6-9',
  )
})

/** What a screen reader reads with the control: the text of what its aria-describedby names. */
const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')

it('marks the input invalid, describes it with its error, and says the error politely (not as an alert too)', async () => {
  function Harness() {
    const [value, setValue] = useState('')
    const error =
      value && value.length < 2 ? 'Please enter a valid name (at least 2 characters, letters only)' : undefined
    return (
      <TextField
        label="Your name"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
        success={value.length >= 2 ? 'Looks good!' : undefined}
      />
    )
  }
  render(<Harness />)
  const input = screen.getByRole('textbox', { name: 'Your name' })
  await userEvent.type(input, 'A')
  expect(input.getAttribute('aria-invalid')).toBe('true')
  expect(description(input)).toBe('Please enter a valid name (at least 2 characters, letters only)')
  expect(screen.queryByRole('alert')).toBeNull()
  expect(document.querySelector('[aria-live=polite]')?.textContent).toBe(
    'Please enter a valid name (at least 2 characters, letters only)',
  )
  await userEvent.type(input, 'sha')
  expect(input.getAttribute('aria-invalid')).toBeNull()
  expect(description(input)).toBe('Looks good!')
})
