/**
 * What search engines and link previews read about a page: schema.org `Event` data for an event
 * (its next date with the +05:30 offset, its weekly schedule, the area, each price as an offer in
 * INR), and the social image of each page. Pure; the build writes it into the prerendered pages.
 */
import { catalogueCities, type EventId, eventById, TIER_LABELS, type YaariEvent } from './catalogue'
import { availableDates, eventStartInstant, IST_OFFSET_MINUTES, weekdayName } from './schedule'
import { SITE } from './site'

/** Link previews need a raster image (1200 x 630); the build draws one per event. */
export const socialImagePath = (eventId?: EventId) => `/images/og/${eventId ?? 'yaari'}.png`
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const

/** The locality and state postal addresses use, for the cities Yaari names (another city: its name and India). */
const CITY_ADDRESSES: Readonly<Record<string, readonly [locality: string, region: string]>> = {
  bangalore: [SITE.homeCity, 'Karnataka'],
  mumbai: ['Mumbai', 'Maharashtra'],
  hyderabad: ['Hyderabad', 'Telangana'],
  chennai: ['Chennai', 'Tamil Nadu'],
  pune: ['Pune', 'Maharashtra'],
  jaipur: ['Jaipur', 'Rajasthan'],
}

/** "2026-11-28T18:00:00+05:30": a local IST time with its offset. */
export function istDateTime(instant: Date): string {
  const local = new Date(instant.getTime() + IST_OFFSET_MINUTES * 60_000)
  return `${local.toISOString().slice(0, 19)}+05:30`
}

export function eventStructuredData(event: YaariEvent, { siteUrl, now }: { siteUrl: string; now: Date }) {
  const url = `${siteUrl}/events/${event.id}`
  const dates = availableDates(event, now)
  const next = dates[0]
  // An event with no date ahead is no Event to a search engine.
  if (!next) return undefined
  const [city, region] = CITY_ADDRESSES[event.city] ?? [
    catalogueCities().find((c) => c.id === event.city)?.name ?? event.city,
    undefined,
  ]
  const start = eventStartInstant(next, event.startTime)
  const end = new Date(start.getTime() + event.durationMinutes * 60_000)
  const endTime = istDateTime(end).slice(11, 19)
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    url,
    image: [`${siteUrl}${socialImagePath(event.id)}`],
    startDate: istDateTime(start),
    endDate: istDateTime(end),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(event.schedule.weekdays.length
      ? {
          eventSchedule: {
            '@type': 'Schedule',
            repeatFrequency: 'P1W',
            byDay:
              event.schedule.weekdays.length === 1
                ? `https://schema.org/${weekdayName(event.schedule.weekdays[0]!)}`
                : event.schedule.weekdays.map((day) => `https://schema.org/${weekdayName(day)}`),
            startTime: `${event.startTime}:00`,
            endTime,
            scheduleTimezone: 'Asia/Kolkata',
            startDate: next,
            endDate: dates.at(-1),
          },
        }
      : {}),
    location: {
      '@type': 'Place',
      name: `${event.venueArea}, ${city}`,
      address: {
        '@type': 'PostalAddress',
        addressLocality: city,
        ...(region ? { addressRegion: region } : {}),
        addressCountry: 'IN',
      },
    },
    maximumAttendeeCapacity: event.capacity,
    organizer: { '@type': 'Organization', name: SITE.productName, url: siteUrl },
    offers: Object.entries(event.prices).map(([tier, price]) => ({
      '@type': 'Offer',
      name: `${TIER_LABELS[tier as keyof typeof TIER_LABELS]} ticket`,
      price: price.toFixed(2),
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      validThrough: istDateTime(start),
      url,
    })),
  }
}

/** The structured data of a prerendered page, if it has any (the event pages). */
export function structuredDataFor(path: string, options: { siteUrl: string; now: Date }) {
  const event = path.startsWith('/events/') ? eventById(path.slice('/events/'.length)) : undefined
  return event ? eventStructuredData(event, options) : undefined
}

/** JSON for a <script type="application/ld+json">: nothing in it can end the script early. */
export const jsonForScript = (data: unknown) =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
