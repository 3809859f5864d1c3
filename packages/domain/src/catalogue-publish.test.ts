import { describe, expect, it } from 'vitest'
import type { PublishedCatalogue } from './catalogue'
import {
  matchesLiveCopy,
  publishedCatalogueOf,
  withoutEvent,
  withPublishedCity,
  withPublishedEvent,
} from './catalogue-publish'
import { seedCatalogue } from './catalogue-records'
import { SEED_CATALOGUE } from './catalogue-seed'

const seed = seedCatalogue()
const firstHello = seed.events.find((event) => event.id === 'first-hello-stranger-meetup')!

describe('publishing the records', () => {
  it('publishes the records as the seed’s snapshot, and numbers a new event’s passes after the last', () => {
    const stamp = { version: 0, publishedAt: SEED_CATALOGUE.publishedAt }
    expect(publishedCatalogueOf(seed, SEED_CATALOGUE, stamp)).toEqual({
      ...SEED_CATALOGUE,
      events: SEED_CATALOGUE.events.map((event) => ({ ...event, publishedAt: stamp.publishedAt })),
      highestPassCode: 3,
    })
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

  it('publishes one event and nothing else: what is saved of another event stays unpublished', () => {
    const stamp = { version: 7, publishedAt: '2026-11-27T10:00:00.000Z' }
    const raised = { ...firstHello, prices: { girls: 777, boys: 1299 } }
    const next = withPublishedEvent(SEED_CATALOGUE, { ...seed.events[1]!, groupSize: '6-8' }, stamp)
    expect(next.events.find((event) => event.id === firstHello.id)).toEqual(SEED_CATALOGUE.events[0])
    expect(next.events.find((event) => event.id === seed.events[1]!.id)).toMatchObject({
      groupSize: '6-8',
      passCode: 2,
      publishedAt: stamp.publishedAt,
    })
    expect(next.events.map((event) => event.id)).toEqual(SEED_CATALOGUE.events.map((event) => event.id))
    expect([next.version, next.cities]).toEqual([7, SEED_CATALOGUE.cities])
    // The flag: the saved ₹777 is not what members see, nor a dropped date, nor a new weekday.
    const live = SEED_CATALOGUE.events[0]
    expect(matchesLiveCopy(firstHello, live)).toBe(true)
    expect(matchesLiveCopy(raised, live)).toBe(false)
    expect(
      matchesLiveCopy({ ...firstHello, schedule: { ...firstHello.schedule, skipped: ['2026-12-05'] } }, live),
    ).toBe(false)
    expect(matchesLiveCopy({ ...firstHello, schedule: { ...firstHello.schedule, weekdays: [5, 6] } }, live)).toBe(false)
    expect(matchesLiveCopy(firstHello, undefined)).toBe(false)
  })

  it('gives pass numbers past 255, one after the highest ever given, never one reused', () => {
    let catalogue: PublishedCatalogue = SEED_CATALOGUE
    for (let n = 0; n < 300; n++) {
      catalogue = withPublishedEvent(
        catalogue,
        { ...firstHello, id: `event-${n}`, shortId: undefined },
        {
          version: n + 1,
          publishedAt: '2026-11-27T10:00:00.000Z',
        },
      )
    }
    expect(catalogue.events.at(-1)?.passCode).toBe(303)
    // Archived, the last event leaves the snapshot; its number is never given again.
    const archived = withoutEvent(catalogue, 'event-299', { version: 301, publishedAt: '2026-11-27T11:00:00.000Z' })
    expect(archived.events.find((event) => event.id === 'event-299')).toBeUndefined()
    expect(archived.highestPassCode).toBe(303)
    expect(
      withPublishedEvent(archived, { ...firstHello, id: 'one-more' }, { version: 302, publishedAt: '' }).events.at(-1)
        ?.passCode,
    ).toBe(304)
    expect(() =>
      withPublishedEvent(archived, { ...firstHello, id: 'draft', status: 'draft' }, { version: 303, publishedAt: '' }),
    ).toThrow()
  })

  it('publishes a city on its own: on the selector, renamed in place, or off it', () => {
    const stamp = { version: 8, publishedAt: '2026-11-27T10:00:00.000Z' }
    const mumbai = {
      id: 'mumbai',
      name: 'Mumbai',
      timeZone: 'Asia/Kolkata' as const,
      live: true,
      status: 'published' as const,
    }
    const added = withPublishedCity(SEED_CATALOGUE, mumbai, stamp)
    expect(added.cities.find((city) => city.id === 'mumbai')).toEqual({ id: 'mumbai', name: 'Mumbai', live: true })
    expect(added.events).toBe(SEED_CATALOGUE.events)
    const off = withPublishedCity(added, { ...mumbai, status: 'archived' }, stamp)
    expect(off.cities.map((city) => city.id)).not.toContain('mumbai')
  })
})
