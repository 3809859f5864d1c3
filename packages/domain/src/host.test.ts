import { describe, expect, it } from 'vitest'
import { SEED } from './catalogue-seed'
import { csvField, guestListCsv, rolesOf } from './host'

describe('rolesOf', () => {
  it('reads admin and host cities, and grants nothing for anything else', () => {
    // An admin hosts in every published city; a host in the published cities granted.
    expect(rolesOf(SEED, { admin: true })).toEqual({
      admin: true,
      hostCities: ['bangalore', 'hyderabad', 'chennai', 'pune', 'jaipur'],
    })
    expect(rolesOf(SEED, { host_cities: ['bangalore', 'mumbai', 42, 'pune'] })).toEqual({
      admin: false,
      hostCities: ['bangalore', 'pune'],
    })
    expect(rolesOf(SEED, { admin: 'true', host_cities: 'bangalore' })).toEqual({ admin: false, hostCities: [] })
    expect(rolesOf(SEED, undefined)).toEqual({ admin: false, hostCities: [] })
  })
})

describe('guestListCsv', () => {
  it('quotes what needs quoting and never lets a spreadsheet run a formula', () => {
    expect(csvField('Rao, Asha')).toBe('"Rao, Asha"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField(undefined)).toBe('')
    const csv = guestListCsv([
      { uid: 'u', name: 'Asha', age: 31, foodPreference: 'jain', bookedAt: '2026-11-25T10:00:00.000Z', state: 'paid' },
    ])
    expect(csv.split('\r\n')).toEqual([
      'Name,Age,Gender,Tier,Food preference,Drinking preference,Mobile,Booked at,State,Order',
      'Asha,31,,,jain,,,2026-11-25T10:00:00.000Z,paid,',
    ])
  })
})
