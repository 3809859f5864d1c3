// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { MultiChoiceCards, SingleChoiceCards } from './choice-cards'

afterEach(cleanup)

const OPTIONS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'non-binary', label: 'Non-binary' },
]

it('single choice: radios named by their cards, chosen by click or arrow keys', async () => {
  function Harness() {
    const [value, setValue] = useState<string>()
    return (
      <>
        <SingleChoiceCards label="Gender" options={OPTIONS} value={value} onChange={setValue} />
        <output>{value ?? 'none'}</output>
      </>
    )
  }
  render(<Harness />)
  expect(screen.getByRole('radiogroup', { name: 'Gender' })).toBeTruthy()
  await userEvent.click(screen.getByText('Female'))
  expect(screen.getByRole('status').textContent).toBe('female')
  expect((screen.getByRole('radio', { name: 'Female' }) as HTMLInputElement).checked).toBe(true)
  await userEvent.keyboard('{ArrowDown}')
  expect(screen.getByRole('status').textContent).toBe('non-binary')
})

it('multiple choice: checkboxes named by their cards, toggled by click or Space', async () => {
  function Harness() {
    const [value, setValue] = useState<string[]>([])
    return (
      <>
        <MultiChoiceCards label="Interests" options={OPTIONS} value={value} onChange={setValue} />
        <output>{value.join(',') || 'none'}</output>
      </>
    )
  }
  render(<Harness />)
  expect(screen.getByRole('group', { name: 'Interests' })).toBeTruthy()
  await userEvent.click(screen.getByText('Male'))
  await userEvent.click(screen.getByText('Non-binary'))
  expect(screen.getByRole('status').textContent).toBe('male,non-binary')
  await userEvent.keyboard(' ')
  expect(screen.getByRole('status').textContent).toBe('male')
})
