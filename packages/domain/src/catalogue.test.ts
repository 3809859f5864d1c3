import { describe, expect, it } from 'vitest'
import { catalogueOf, categoryCounts, priceRange, tierIssue, tiersFor } from './catalogue'
import { SEED, SEED_CATALOGUE } from './catalogue-seed'

const { canonicalEventId, eventById, priceFor } = SEED

const SEED_EVENTS = SEED_CATALOGUE.events

describe('event catalogue', () => {
  it('holds the three events under their canonical ids', () => {
    expect(SEED.listed.map((e) => e.id)).toEqual([
      'first-hello-stranger-meetup',
      'unplanned-sunday-social-mixup',
      'midweek-wednesday-dinner',
    ])
    expect(SEED_EVENTS.map((e) => e.title)).toEqual(['The First Hello', 'The Unplanned Sunday', 'Midweek Meetup'])
  })

  it('keeps the published prices, weekdays, times and capacities', () => {
    const summary = SEED_EVENTS.map((e) => [
      e.id,
      e.prices.girls,
      e.prices.boys,
      e.schedule.weekdays,
      e.startTime,
      e.capacity,
    ])
    expect(summary).toEqual([
      ['first-hello-stranger-meetup', 499, 1299, [6], '18:00', 10],
      ['unplanned-sunday-social-mixup', 799, 1999, [0], '18:00', 10],
      ['midweek-wednesday-dinner', 499, 1299, [3], '20:00', 12],
    ])
  })

  it('places events in their two venue areas', () => {
    for (const event of SEED_EVENTS) expect(['Manyata - Hebbal', 'Indiranagar']).toContain(event.venueArea)
  })

  it('maps the featured-card short ids to the canonical ids', () => {
    for (const [id, canonical] of [
      ['first-hello', 'first-hello-stranger-meetup'],
      ['unplanned-sunday', 'unplanned-sunday-social-mixup'],
      ['midweek-meetup', 'midweek-wednesday-dinner'],
      ['midweek-wednesday-dinner', 'midweek-wednesday-dinner'],
      ['nope', undefined],
    ] as const)
      expect(canonicalEventId(id), id).toBe(canonical)
    expect(eventById('first-hello')).toBeUndefined()
  })

  it('prices a seat from the catalogue only', () => {
    expect(priceFor('unplanned-sunday-social-mixup', 'boys')).toBe(1999)
    expect(priceFor('first-hello-stranger-meetup', 'girls')).toBe(499)
    expect(() => priceFor('made-up' as never, 'girls')).toThrow(/Unknown event/)
  })

  it('gives the listing price ranges 499-1299 and 799-1999', () => {
    expect(SEED_EVENTS.map(priceRange)).toEqual([
      { min: 499, max: 1299 },
      { min: 799, max: 1999 },
      { min: 499, max: 1299 },
    ])
  })

  it('counts events per listing category, zeros included', () => {
    expect(categoryCounts(SEED.listed)).toEqual({
      'Social Mixers': 2,
      'Outdoor Adventures': 0,
      'Food & Drink': 1,
      'Fitness & Wellness': 0,
      'Arts & Culture': 0,
      Nightlife: 0,
    })
  })
})

describe('a catalogue as a value', () => {
  it('reads the snapshot it was made of: a new event, a new price, an archived one off the listing', () => {
    const brunch = { ...SEED_EVENTS[0]!, id: 'mumbai-sunday-brunch', city: 'mumbai', passCode: 4, shortId: undefined }
    const catalogue = catalogueOf({
      version: 7,
      publishedAt: '2026-11-26T10:00:00.000Z',
      cities: [...SEED_CATALOGUE.cities, { id: 'mumbai', name: 'Mumbai', live: true }],
      events: [
        { ...SEED_EVENTS[0]!, prices: { girls: 599, boys: 1299 } },
        { ...SEED_EVENTS[1]!, status: 'archived' },
        brunch,
      ],
    })
    expect(catalogue.snapshot.version).toBe(7)
    expect(catalogue.priceFor('first-hello-stranger-meetup', 'girls')).toBe(599)
    expect(catalogue.listed.map((e) => e.id)).toEqual(['first-hello-stranger-meetup', 'mumbai-sunday-brunch'])
    // Archived: not listed, not on sale, still known (its tickets render and its passes read).
    const archived = catalogue.eventById('unplanned-sunday-social-mixup')!
    expect([archived.status, catalogue.isOnSale(archived)]).toEqual(['archived', false])
    expect(catalogue.eventByPassCode(4)?.id).toBe('mumbai-sunday-brunch')
    expect(catalogue.isEventId('midweek-wednesday-dinner')).toBe(false)
    expect(catalogue.cityName('mumbai')).toBe('Mumbai')
    // The seed is untouched by another catalogue: nothing is shared between the two.
    expect([SEED.priceFor('first-hello-stranger-meetup', 'girls'), SEED.isEventId('mumbai-sunday-brunch')]).toEqual([
      499,
      false,
    ])
  })

  it('lists an event only in a live city, and sells nothing of a city that is not live', () => {
    const closed = catalogueOf({ ...SEED_CATALOGUE, cities: SEED_CATALOGUE.cities.map((c) => ({ ...c, live: false })) })
    expect(closed.listed).toEqual([])
    expect(closed.isOnSale(SEED_EVENTS[0]!)).toBe(false)
    expect(SEED.isOnSale(SEED_EVENTS[0]!)).toBe(true)
  })
})

describe('the price tier a member may book', () => {
  it('Girls for women, Boys for men, either for anyone else', () => {
    expect(tiersFor('female')).toEqual(['girls'])
    expect(tiersFor('male')).toEqual(['boys'])
    for (const other of ['non-binary', 'prefer-not-to-say', undefined])
      expect(tiersFor(other)).toEqual(['girls', 'boys'])
  })

  it('says which price to choose instead', () => {
    expect(tierIssue('girls', 'male')).toBe(
      'The Girls price does not match your profile. Please choose the Boys price.',
    )
    expect(tierIssue('boys', 'female')).toBe(
      'The Boys price does not match your profile. Please choose the Girls price.',
    )
    expect(tierIssue('girls', 'female')).toBeUndefined()
    expect(tierIssue('boys', 'non-binary')).toBeUndefined()
  })
})
