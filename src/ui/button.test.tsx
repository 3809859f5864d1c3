// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { button } from 'styled-system/recipes'
import { afterEach, expect, it, vi } from 'vitest'
import { BUTTON_SIZES, BUTTON_VARIANTS, Button, buttonClass } from './button'

afterEach(cleanup)

it('is a real button that does not submit forms by accident', async () => {
  const onClick = vi.fn()
  render(<Button onClick={onClick}>Book Now</Button>)
  const button = screen.getByRole('button', { name: 'Book Now' })
  expect(button.getAttribute('type')).toBe('button')
  await userEvent.click(button)
  expect(onClick).toHaveBeenCalledTimes(1)
})

it('shows its loading text, is busy and cannot be pressed while loading', async () => {
  const onClick = vi.fn()
  render(
    <Button loading loadingText="Processing Payment..." onClick={onClick}>
      Pay
    </Button>,
  )
  const button = screen.getByRole('button', { name: 'Processing Payment...' })
  expect(button.getAttribute('aria-busy')).toBe('true')
  expect((button as HTMLButtonElement).disabled).toBe(true)
  await userEvent.click(button)
  expect(onClick).not.toHaveBeenCalled()
})

it("composes the recipe's class names for every variant and size, as Panda does", () => {
  expect(button.variantMap).toEqual({ variant: [...BUTTON_VARIANTS], size: [...BUTTON_SIZES] })
  for (const variant of BUTTON_VARIANTS) {
    for (const size of BUTTON_SIZES) expect(buttonClass(variant, size)).toBe(button({ variant, size }))
  }
  expect(buttonClass()).toBe(button({}))
})
