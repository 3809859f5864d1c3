import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { EVENTS } from './catalogue'
import {
  CATALOGUE_MESSAGES,
  cityRecordSchema,
  datesOf,
  type EventRecord,
  eventRecordSchema,
  seedCatalogue,
} from './catalogue-records'
import { availableDates } from './schedule'

const seed = seedCatalogue()
const firstHello = seed.events.find((event) => event.id === 'first-hello-stranger-meetup')!
/** The first message of what is wrong with `record`, or undefined when it is an event. */
const problem = (record: unknown) => v.safeParse(eventRecordSchema, record).issues?.[0]?.message

describe('the catalogue as records', () => {
  it('holds today’s events and cities, each valid, with the same copy and prices', () => {
    for (const city of seed.cities) expect(v.safeParse(cityRecordSchema, city).success, city.id).toBe(true)
    for (const event of seed.events) expect(problem(event), event.id).toBeUndefined()
    expect(seed.events.map((event) => [event.id, event.title, event.prices])).toEqual(
      EVENTS.map((event) => [event.id, event.title, event.prices]),
    )
  })

  it('offers a seed event on exactly the dates the code offers today, whatever the day', () => {
    for (const event of EVENTS) {
      const record = seed.events.find((r) => r.id === event.id)!
      for (const now of [
        '2026-11-26T14:30:00Z',
        '2026-11-28T12:29:00Z',
        '2026-11-28T12:31:00Z',
        '2027-01-31T20:00:00Z',
      ]) {
        expect(datesOf(record, new Date(now)), `${event.id} at ${now}`).toEqual(availableDates(event, new Date(now)))
      }
    }
  })

  it('adds one-off dates, leaves out skipped ones, and looks only as far ahead as it says', () => {
    const now = new Date('2026-11-26T06:00:00Z') // Thursday 26 November, IST
    const brunch: Pick<EventRecord, 'schedule' | 'startTime'> = {
      startTime: '11:00',
      schedule: { weekdays: [0], dates: ['2026-12-25', '2027-03-01'], skipped: ['2026-12-06'], monthsAhead: 1 },
    }
    expect(datesOf(brunch, now)).toEqual(['2026-11-29', '2026-12-13', '2026-12-20', '2026-12-25', '2026-12-27'])
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
