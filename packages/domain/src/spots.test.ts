import { expect, it } from 'vitest'
import { spotsText } from './spots'

it('tells spots left, sold out, or the capacity when availability is unknown', () => {
  expect(spotsText(5, 10)).toBe('5 spots left')
  expect(spotsText(1, 10)).toBe('1 spot left')
  expect(spotsText(0, 10)).toBe('Sold out')
  expect(spotsText(undefined, 12)).toBe('Up to 12 guests')
})
