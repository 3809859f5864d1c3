import { describe, expect, it } from 'vitest'
import { catalogueOf } from './catalogue'
import { SEED_CATALOGUE, SEED_EVENTS } from './catalogue-seed'
import { eventCityName, eventPageMeta, eventPlace } from './event-meta'

describe('where an event page says the event meets', () => {
  const event = SEED_EVENTS[0]!

  it('names the area and its city', () => {
    const catalogue = catalogueOf(SEED_CATALOGUE)
    expect(eventCityName(catalogue, event)).toBe('Bangalore')
    expect(eventPlace(catalogue, event)).toBe(`${event.venueArea}, Bangalore`)
    expect(eventPageMeta(catalogue, event).description).toMatch(new RegExp(`in ${event.venueArea}, Bangalore\\.$`))
  })

  it('names the area alone once the city is off the catalogue: never its id, never another city', () => {
    // An archived event of a city taken off the selector (its page stays open for its tickets).
    const gone = { ...event, city: 'crawlpur', status: 'archived' as const }
    const catalogue = catalogueOf({ ...SEED_CATALOGUE, events: [...SEED_CATALOGUE.events, gone] })
    expect(eventCityName(catalogue, gone)).toBeUndefined()
    expect(eventPlace(catalogue, gone)).toBe(event.venueArea)
    const { description } = eventPageMeta(catalogue, gone)
    expect(description).toMatch(new RegExp(`in ${event.venueArea}\\.$`))
    expect(description).not.toMatch(/crawlpur|Bangalore/)
  })
})
