import { expect, it } from 'vitest'
import { firstNameOf } from './names'

it('reads the first word of a name, and nothing from no name', () => {
  expect(firstNameOf('  Asha   Rao ')).toBe('Asha')
  expect(firstNameOf('Ravi')).toBe('Ravi')
  expect(firstNameOf('Ananya\tK')).toBe('Ananya')
  for (const none of ['', '   ', undefined, null, 42, { name: 'Asha' }]) expect(firstNameOf(none)).toBeUndefined()
})
