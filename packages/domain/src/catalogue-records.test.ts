import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_MESSAGES, cityRecordSchema, eventRecordSchema, seedCatalogue } from './catalogue-records'
import { SEED_CATALOGUE } from './catalogue-seed'

const seed = seedCatalogue()
const firstHello = seed.events.find((event) => event.id === 'first-hello-stranger-meetup')!
/** The first message of what is wrong with `record`, or undefined when it is an event. */
const problem = (record: unknown) => v.safeParse(eventRecordSchema, record).issues?.[0]?.message

describe('the catalogue as records', () => {
  it('holds today’s events and cities, each valid, with the same copy and prices', () => {
    for (const city of seed.cities) expect(v.safeParse(cityRecordSchema, city).success, city.id).toBe(true)
    for (const event of seed.events) expect(problem(event), event.id).toBeUndefined()
    expect(seed.events.map((event) => [event.id, event.title, event.prices])).toEqual(
      SEED_CATALOGUE.events.map((event) => [event.id, event.title, event.prices]),
    )
  })

  it('refuses a cover from anywhere but the site’s pictures or an address (protocol-relative ones included)', () => {
    for (const image of [
      '//evil.example/x.png',
      '/../x.png',
      'javascript:alert(1)',
      '/images//evil.example/x.png',
      '/images/og/events/x.png',
      '/images/icon-192.png',
    ])
      expect(problem({ ...firstHello, image }), image).toBe(CATALOGUE_MESSAGES.cover)
    expect(problem({ ...firstHello, image: '/images/events/brunch.webp' })).toBeUndefined()
  })

  it('refuses a line break or control character in one-line copy, and allows line breaks in a description', () => {
    expect(problem({ ...firstHello, title: 'Brunch\rX' })).toBe(CATALOGUE_MESSAGES.controlCharacters)
    expect(problem({ ...firstHello, venueArea: 'Bandra\nWest' })).toBe(CATALOGUE_MESSAGES.controlCharacters)
    expect(problem({ ...firstHello, description: 'Two\nlines' })).toBeUndefined()
    expect(problem({ ...firstHello, description: 'Bell\u0007' })).toBe(CATALOGUE_MESSAGES.controlCharacters)
    for (const title of ['Next\u0085line', 'Brunch\u2028X', 'Para\u2029X', 'gnp.\u202eexe', 'Isolate\u2066x\u2069'])
      expect(problem({ ...firstHello, title }), JSON.stringify(title)).toBe(CATALOGUE_MESSAGES.controlCharacters)
    expect(problem({ ...firstHello, title: 'Chai & चाय 👩‍👩‍👧 meet-up' })).toBeUndefined()
  })

  it('says what is wrong in the editor’s words', () => {
    expect(problem({ ...firstHello, prices: { girls: 0, boys: 1299 } })).toBe(CATALOGUE_MESSAGES.price)
    expect(problem({ ...firstHello, prices: { girls: 499, boys: 25_000 } })).toBe(CATALOGUE_MESSAGES.price)
    expect(problem({ ...firstHello, capacity: 61 })).toBe(CATALOGUE_MESSAGES.capacity)
    expect(problem({ ...firstHello, startTime: '25:00' })).toBe(CATALOGUE_MESSAGES.time)
    expect(problem({ ...firstHello, description: 'x'.repeat(601) })).toBe('The description is at most 600 characters.')
    expect(problem({ ...firstHello, id: 'Mumbai Brunch!' })).toBe(CATALOGUE_MESSAGES.slug)
    expect(problem({ ...firstHello, schedule: { ...firstHello.schedule, weekdays: [], dates: [] } })).toBe(
      CATALOGUE_MESSAGES.noDates,
    )
    expect(problem({ ...firstHello, schedule: { ...firstHello.schedule, dates: ['2027-02-30'] } })).toBe(
      CATALOGUE_MESSAGES.date,
    )
    expect(v.safeParse(cityRecordSchema, { ...seed.cities[0], timeZone: 'Europe/London' }).issues?.[0]?.message).toBe(
      CATALOGUE_MESSAGES.timeZone,
    )
  })
})
