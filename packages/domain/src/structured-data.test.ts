import { describe, expect, it } from 'vitest'
import type { DateAvailability } from './availability'
import { SEED, SEED_EVENTS } from './catalogue-seed'
import { jsonForScript } from './page-head'
import { availableDates } from './schedule'
import {
  eventSocialImage,
  eventStructuredData,
  istDateTime,
  SITE_SOCIAL_IMAGE,
  siteStructuredData,
} from './structured-data'

const options = { siteUrl: 'https://yaari.example', now: new Date('2026-11-23T06:30:00Z') }

describe('the schema.org Event of every event', () => {
  for (const event of SEED_EVENTS) {
    it(`${event.id}: its next date in IST, the weekly schedule, the area, an INR offer per price`, () => {
      const data = eventStructuredData(SEED, event, options)!
      // What search engines require of an Event, and what they read for its place and tickets.
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: event.title,
        url: `https://yaari.example/events/${event.id}`,
        // The 1200 x 630 PNG the build draws of the picture it carries, never the SVG itself.
        image: [`https://yaari.example/images/og/events/${event.id}.png`],
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: { '@type': 'Place', address: { addressLocality: 'Bengaluru', addressCountry: 'IN' } },
      })
      expect(data.startDate).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT${event.startTime}:00\\+05:30$`))
      expect(new Date(data.startDate).getTime()).toBeGreaterThan(options.now.getTime())
      expect(new Date(data.endDate).getTime() - new Date(data.startDate).getTime()).toBe(event.durationMinutes * 60_000)
      expect(new Date(data.startDate).getUTCDay() === event.schedule.weekdays[0] || event.startTime < '05:30').toBe(
        true,
      )
      expect(data.location.name).toContain(event.venueArea)
      expect(data.offers).toHaveLength(Object.keys(event.prices).length)
      for (const offer of data.offers) {
        expect(offer).toMatchObject({
          '@type': 'Offer',
          priceCurrency: 'INR',
          availability: 'https://schema.org/InStock',
        })
        expect(Object.values(event.prices)).toContain(Number(offer.price))
      }
      // It survives being written into a page and read back.
      expect(JSON.parse(jsonForScript(data))).toEqual(data)
    })
  }

  it('is as of the moment it is written: a week later, the next date and the offers’ end are a week later', () => {
    const event = SEED_EVENTS[0]!
    const now = eventStructuredData(SEED, event, options)!
    const later = eventStructuredData(SEED, event, {
      ...options,
      now: new Date(options.now.getTime() + 7 * 86_400_000),
    })!
    expect(Date.parse(later.startDate) - Date.parse(now.startDate)).toBe(7 * 86_400_000)
    expect(later.offers[0]!.validThrough).toBe(later.startDate)
    expect(later.eventSchedule?.startDate).toBe(later.startDate.slice(0, 10))
  })
})

describe('the offers of the next date, as its seats stand', () => {
  const event = SEED_EVENTS[0]!
  const at = (seats: Partial<DateAvailability>) => {
    const next = eventStructuredData(SEED, event, options)!.startDate.slice(0, 10)
    const data = eventStructuredData(SEED, event, {
      ...options,
      seats: [{ date: next, capacity: event.capacity, spotsLeft: 3, ...seats }],
    })!
    return [data.eventStatus, ...new Set(data.offers.map((offer) => offer.availability))]
  }

  it('are in stock while a seat is left, sold out when none is or members wait for one', () => {
    expect(at({ spotsLeft: 3 })).toEqual(['https://schema.org/EventScheduled', 'https://schema.org/InStock'])
    expect(at({ spotsLeft: 0 })).toEqual(['https://schema.org/EventScheduled', 'https://schema.org/SoldOut'])
    expect(at({ spotsLeft: 0, waiting: 4 })).toEqual([
      'https://schema.org/EventScheduled',
      'https://schema.org/SoldOut',
    ])
  })

  it('say sold out for a date whose sales a host closed', () => {
    expect(at({ spotsLeft: 0, salesClosed: true })).toEqual([
      'https://schema.org/EventScheduled',
      'https://schema.org/SoldOut',
    ])
  })

  it('skip a date the team cancelled: the event goes on at its next one', () => {
    const dates = availableDates(event, options.now)
    const data = eventStructuredData(SEED, event, {
      ...options,
      seats: [
        { date: dates[0]!, capacity: event.capacity, spotsLeft: 0, cancelled: true },
        { date: dates[1]!, capacity: event.capacity, spotsLeft: 2 },
      ],
    })!
    expect([data.startDate.slice(0, 10), data.eventStatus, data.offers[0]!.availability]).toEqual([
      dates[1],
      'https://schema.org/EventScheduled',
      'https://schema.org/InStock',
    ])
  })
})

describe('the picture a link preview shows', () => {
  it('is the JPEG made of an uploaded cover, the PNG drawn of a picture the site carries, or the site’s own', () => {
    const uploaded = 'https://firebasestorage.googleapis.com/v0/b/b/o/event-covers%2Fx%2Fu-960.webp?alt=media&token=t'
    expect(eventSocialImage({ image: uploaded })).toBe(
      'https://firebasestorage.googleapis.com/v0/b/b/o/event-covers%2Fx%2Fu-1200x630.jpg?alt=media&token=t',
    )
    expect(eventSocialImage({ image: '/images/events/brunch.svg' })).toBe('/images/og/events/brunch.png')
    expect(eventSocialImage({ image: 'https://example.test/cover.webp' })).toBe(SITE_SOCIAL_IMAGE)
  })
})

it('says on the home page who runs the site, and what the site is', () => {
  expect(siteStructuredData('https://yaari.example')).toEqual([
    expect.objectContaining({ '@type': 'Organization', name: 'Yaari', url: 'https://yaari.example/' }),
    expect.objectContaining({ '@type': 'WebSite', name: 'Yaari', url: 'https://yaari.example/' }),
  ])
})

it('writes IST times with their offset, and JSON that cannot close its <script>', () => {
  expect(istDateTime(new Date('2026-11-28T12:30:00Z'))).toBe('2026-11-28T18:00:00+05:30')
  expect(jsonForScript({ text: '</script><script>alert(1)</script> & more' })).not.toMatch(/[<>&]/)
})
