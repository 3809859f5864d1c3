import { describe, expect, it } from 'vitest'
import { changedClaims as changed, type RoleChange } from './roles'

const changedClaims = (current: Record<string, unknown> | undefined, change: RoleChange) =>
  changed(current, change, ['bangalore', 'mumbai'])

describe('changedClaims', () => {
  it('grants and revokes a city, keeping other claims', () => {
    const granted = changedClaims({ other: 1 }, { email: 'h@x', role: 'host', city: 'bangalore' })
    expect(granted).toEqual({ other: 1, host_cities: ['bangalore'] })
    expect(changedClaims(granted, { email: 'h@x', role: 'host', city: 'bangalore' })).toEqual(granted)
    expect(changedClaims(granted, { email: 'h@x', role: 'host', city: 'bangalore', revoke: true })).toEqual({
      other: 1,
    })
  })

  it('grants and revokes admin', () => {
    const admin = changedClaims({}, { email: 'a@x', role: 'admin' })
    expect(admin).toEqual({ admin: true })
    expect(changedClaims(admin, { email: 'a@x', role: 'admin', revoke: true })).toEqual({})
  })

  it('refuses a host role without a city Yaari runs in', () => {
    expect(() => changedClaims({}, { email: 'h@x', role: 'host' })).toThrow(
      /--city must be one of the published cities \(bangalore, mumbai\)/,
    )
    expect(() => changedClaims({}, { email: 'h@x', role: 'host', city: 'atlantis' })).toThrow(/--city/)
  })

  it('takes away a city that is no longer published', () => {
    const held = { host_cities: ['atlantis', 'bangalore'] }
    expect(changedClaims(held, { email: 'h@x', role: 'host', city: 'atlantis', revoke: true })).toEqual({
      host_cities: ['bangalore'],
    })
  })
})
