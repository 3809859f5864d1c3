import { expect, it } from 'vitest'
import { categorySlug } from './catalogue'
import { SEED, SEED_EVENTS } from './catalogue-seed'
import { filterEvents, parseEventsSearch } from './event-listing'

const parse = parseEventsSearch

it('searches titles case-insensitively', () => {
  expect(filterEvents(SEED, { q: 'MIDWEEK' }).map((e) => e.id)).toEqual(['midweek-wednesday-dinner'])
  expect(filterEvents(SEED, { q: '  the  ' }).map((e) => e.id)).toEqual([
    'first-hello-stranger-meetup',
    'unplanned-sunday-social-mixup',
  ])
  expect(filterEvents(SEED, { q: 'karaoke' })).toEqual([])
})

it('filters by category slug', () => {
  expect(categorySlug('Food & Drink')).toBe('food-drink')
  expect(categorySlug('Social Mixers')).toBe('social-mixers')
  expect(filterEvents(SEED, { category: 'food-drink' }).map((e) => e.id)).toEqual(['midweek-wednesday-dinner'])
  expect(filterEvents(SEED, { category: 'nightlife' })).toEqual([])
  expect(filterEvents(SEED, {})).toHaveLength(3)
})

it('keeps valid URL values and drops invalid ones instead of failing', () => {
  expect(parse({ city: 'bangalore', q: 'first', category: 'social-mixers' })).toEqual({
    q: 'first',
    category: 'social-mixers',
  })
  expect(parse({ city: 'Pune!', q: 42, category: 'gardening' })).toEqual({})
  // The default city needs no value; another city is kept by its shape (the catalogue may come later).
  expect(parse({ city: 'bangalore' })).toEqual({})
  expect(parse({ city: 'mumbai' })).toEqual({ city: 'mumbai' })
  expect(parse({})).toEqual({})
  expect(parse({ q: 'x'.repeat(101), category: ['food-drink'] })).toEqual({})
  expect(parse({ q: 'x'.repeat(100) })).toEqual({ q: 'x'.repeat(100) })
})

it('lists the events of the city asked for, and the default city’s when it is not live', () => {
  const brunch = { ...SEED_EVENTS[0]!, id: 'mumbai-sunday-brunch', city: 'mumbai' }
  const events = [...SEED_EVENTS, brunch]
  expect(filterEvents(SEED, {}, events)).toHaveLength(3)
  // Mumbai is not in the seed's cities: the page falls back to Bangalore.
  expect(filterEvents(SEED, { city: 'mumbai' }, events)).toHaveLength(3)
  expect(filterEvents(SEED, { city: 'pune' }, events).every((e) => e.city === 'bangalore')).toBe(true)
})
