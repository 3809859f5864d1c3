import { expect, it } from 'vitest'
import { categorySlug, EVENTS } from './catalogue'
import { filterEvents, parseEventsSearch } from './event-listing'

const parse = parseEventsSearch

it('searches titles case-insensitively', () => {
  expect(filterEvents(EVENTS, { q: 'MIDWEEK' }).map((e) => e.id)).toEqual(['midweek-wednesday-dinner'])
  expect(filterEvents(EVENTS, { q: '  the  ' }).map((e) => e.id)).toEqual([
    'first-hello-stranger-meetup',
    'unplanned-sunday-social-mixup',
  ])
  expect(filterEvents(EVENTS, { q: 'karaoke' })).toEqual([])
})

it('filters by category slug', () => {
  expect(categorySlug('Food & Drink')).toBe('food-drink')
  expect(categorySlug('Social Mixers')).toBe('social-mixers')
  expect(filterEvents(EVENTS, { category: 'food-drink' }).map((e) => e.id)).toEqual(['midweek-wednesday-dinner'])
  expect(filterEvents(EVENTS, { category: 'nightlife' })).toEqual([])
  expect(filterEvents(EVENTS, {})).toHaveLength(3)
})

it('keeps valid URL values and drops invalid ones instead of failing', () => {
  expect(parse({ city: 'bangalore', q: 'first', category: 'social-mixers' })).toEqual({
    city: 'bangalore',
    q: 'first',
    category: 'social-mixers',
  })
  expect(parse({ city: 'pune', q: 42, category: 'gardening' })).toEqual({})
  expect(parse({})).toEqual({})
  expect(parse({ q: 'x'.repeat(101), category: ['food-drink'] })).toEqual({})
  expect(parse({ q: 'x'.repeat(100) })).toEqual({ q: 'x'.repeat(100) })
})
