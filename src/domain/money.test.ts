import { expect, it } from 'vitest'
import { formatInr } from './money'

it('formats rupees with en-IN grouping and no paise', () => {
  expect(formatInr(1299)).toBe('₹1,299')
  expect(formatInr(499)).toBe('₹499')
  expect(formatInr(150000)).toBe('₹1,50,000')
})
