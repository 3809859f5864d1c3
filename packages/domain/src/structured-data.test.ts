import { describe, expect, it } from 'vitest'
import { SEED_EVENTS } from './catalogue-seed'
import { eventStructuredData, istDateTime, jsonForScript, socialImagePath, structuredDataFor } from './structured-data'

const options = { siteUrl: 'https://yaari.example', now: new Date('2026-11-23T06:30:00Z') }

describe('the schema.org Event of every event', () => {
  for (const event of SEED_EVENTS) {
    it(`${event.id}: its next date in IST, the weekly schedule, the area, an INR offer per price`, () => {
      const data = eventStructuredData(event, options)!
      // What search engines require of an Event, and what they read for its place and tickets.
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: event.title,
        url: `https://yaari.example/events/${event.id}`,
        image: [`https://yaari.example${socialImagePath(event.id)}`],
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
      expect(structuredDataFor(`/events/${event.id}`, options)).toEqual(data)
    })
  }

  it('is absent from pages that are not an event', () => {
    expect(structuredDataFor('/events', options)).toBeUndefined()
    expect(structuredDataFor('/about', options)).toBeUndefined()
  })
})

it('writes IST times with their offset, and JSON that cannot close its <script>', () => {
  expect(istDateTime(new Date('2026-11-28T12:30:00Z'))).toBe('2026-11-28T18:00:00+05:30')
  expect(jsonForScript({ text: '</script><script>alert(1)</script> & more' })).not.toMatch(/[<>&]/)
})
