import { expect, it } from 'vitest'
import { exportFileName } from './account'

it('names a data export by the IST day it was made (00:30 IST is already the next day)', () => {
  expect(exportFileName('2026-11-27T19:00:00.000Z')).toBe('yaari-data-2026-11-28.json')
  expect(exportFileName('2026-11-27T10:00:00.000Z')).toBe('yaari-data-2026-11-27.json')
})
