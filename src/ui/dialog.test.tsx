// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { Button } from './button'
import { Dialog } from './dialog'

afterEach(cleanup)

function Harness() {
  const [open, setOpen] = useState(false)
  const [closedCount, setClosedCount] = useState(0)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Choose a date</Button>
      <p>closed {closedCount}</p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (!next) setClosedCount((n) => n + 1)
        }}
        title="Select a date"
        description="Saturdays in the next three months"
      >
        <Button>Continue</Button>
      </Dialog>
    </>
  )
}

it('opens as a labelled modal dialog and closes with its close button', async () => {
  const user = userEvent.setup()
  render(<Harness />)
  expect(screen.queryByRole('dialog')).toBeNull()
  await user.click(screen.getByRole('button', { name: 'Choose a date' }))
  const dialog = await screen.findByRole('dialog', { name: 'Select a date' })
  expect(dialog.getAttribute('aria-modal')).toBe('true')
  expect(dialog.getAttribute('aria-describedby')).toBeTruthy()
  await user.click(screen.getByRole('button', { name: 'Close' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(screen.getByText('closed 1')).toBeTruthy()
})

it('closes on Escape and tells the owner', async () => {
  const user = userEvent.setup()
  render(<Harness />)
  await user.click(screen.getByRole('button', { name: 'Choose a date' }))
  await screen.findByRole('dialog')
  await user.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(screen.getByText('closed 1')).toBeTruthy()
})
