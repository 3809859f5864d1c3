import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  CATALOGUE_MESSAGES,
  cityRecordSchema,
  eventRecordSchema,
  publishedCatalogueOf,
  seedCatalogue,
} from './catalogue-records'
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

  it('publishes the records as the seed’s snapshot, and numbers a new event’s passes after the last', () => {
    const stamp = { version: 0, publishedAt: SEED_CATALOGUE.publishedAt }
    expect(publishedCatalogueOf(seed, SEED_CATALOGUE, stamp)).toEqual(SEED_CATALOGUE)
    const brunch = { ...firstHello, id: 'mumbai-sunday-brunch', city: 'mumbai', shortId: undefined }
    const draft = { ...firstHello, id: 'a-draft', status: 'draft' as const }
    const next = publishedCatalogueOf(
      { cities: seed.cities, events: [...seed.events, draft, brunch] },
      SEED_CATALOGUE,
      { version: 1, publishedAt: '2026-11-26T10:00:00.000Z' },
    )
    expect(next.events.map((e) => [e.id, e.passCode])).toEqual([
      ['first-hello-stranger-meetup', 1],
      ['unplanned-sunday-social-mixup', 2],
      ['midweek-wednesday-dinner', 3],
      ['mumbai-sunday-brunch', 4],
    ])
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
