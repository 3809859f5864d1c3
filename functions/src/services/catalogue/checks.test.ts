/** What the catalogue editor checks of a change: the caller's cities, and the fields an edit changed. */
import { CATALOGUE_MESSAGES } from '@yaari/domain/catalogue-records'
import type { Roles } from '@yaari/domain/host'
import { HttpsError } from 'firebase-functions/v2/https'
import { describe, expect, it } from 'vitest'
import { changedFields, mayEdit, refuseOtherCity } from './checks'

const host: Roles = { admin: false, hostCities: ['pune'] }
const admin: Roles = { admin: true, hostCities: [] }

describe('catalogue checks', () => {
  it('lets an admin edit any city, a host only theirs (every city a change touches)', () => {
    expect(mayEdit(admin, 'goa')).toBe(true)
    expect(mayEdit(host, 'pune')).toBe(true)
    expect(mayEdit(host, 'goa')).toBe(false)
    expect(() => refuseOtherCity(host, 'pune')).not.toThrow()
    expect(() => refuseOtherCity(host, 'pune', 'goa')).toThrow(
      new HttpsError('permission-denied', CATALOGUE_MESSAGES.notYourCity),
    )
  })

  it('lists each changed field as { from, to }, never the status or the pass code', () => {
    const before = { title: 'Old', price: 10, tags: ['a'], status: 'draft', passCode: 'x' }
    const after = { title: 'New', price: 10, tags: ['a', 'b'], status: 'published', passCode: 'y' }
    expect(changedFields(before, after)).toEqual({
      title: { from: 'Old', to: 'New' },
      tags: { from: ['a'], to: ['a', 'b'] },
    })
    expect(changedFields(undefined, { title: 'New' })).toEqual({ title: { from: null, to: 'New' } })
  })
})
