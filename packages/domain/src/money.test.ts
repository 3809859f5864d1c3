import { expect, it } from 'vitest'
import { formatInr } from './money'

it('formats rupees with en-IN grouping and no paise', () => {
  expect(formatInr(1299)).toBe('₹1,299')
  expect(formatInr(499)).toBe('₹499')
  expect(formatInr(150000)).toBe('₹1,50,000')
  expect(formatInr(0)).toBe('₹0')
})

it('matches Intl en-IN currency formatting for every order of magnitude', () => {
  const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })
  for (const amount of [
    0, 7, 45, 999, 1000, 9999, 12345, 100000, 999999, 1234567, 12345678, 123456789, -1299, 1299.4,
  ]) {
    expect(formatInr(amount), String(amount)).toBe(intl.format(amount))
  }
})
