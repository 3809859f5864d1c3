/**
 * What search engines and link previews read about a page: schema.org `Event` data for an event
 * on sale (its next date, as of the moment the page is written, with the +05:30 offset, its weekly
 * schedule, the area, each price as an offer in INR valid until that date starts, in stock or sold
 * out as its seats stand when the page is written), the
 * `Organization` and `WebSite` of the home page, and the picture each page is previewed with.
 * Pure; the pages are written with it when they are asked for (decision 0020).
 */
import type { DateAvailability } from './availability'
import { type Catalogue, TIER_LABELS, type YaariEvent } from './catalogue'
import { cityLocality, eventArea } from './city-places'
import { coverPreviewOf } from './cover'
import { absolute } from './page-head'
import { availableDates, eventStartInstant, IST_OFFSET_MINUTES, weekdayName } from './schedule'
import { SITE } from './site'

/** The site's own preview picture (the home page's, and any page without one of its own); the build draws it. */
export const SITE_SOCIAL_IMAGE = '/images/og/yaari.png'

/**
 * The preview picture of a picture the site carries ("/images/events/x.svg"): the PNG the build
 * draws of each of them ("/images/og/events/x.png").
 */
export const sitePicturePreview = (path: string) =>
  `/images/og/${path.replace(/^\/images\//, '').replace(/\.[a-z]+$/i, '')}.png`

/**
 * An event's preview picture, 1200 x 630: the JPEG made of its uploaded cover, the PNG drawn of a
 * cover the site carries, or the site's own for a cover uploaded before previews were made.
 */
export function eventSocialImage(event: Pick<YaariEvent, 'image'>): string {
  if (event.image.startsWith('/images/')) return sitePicturePreview(event.image)
  return coverPreviewOf(event.image) ?? SITE_SOCIAL_IMAGE
}

/** "2026-11-28T18:00:00+05:30": a local IST time with its offset. */
export function istDateTime(instant: Date): string {
  const local = new Date(instant.getTime() + IST_OFFSET_MINUTES * 60_000)
  return `${local.toISOString().slice(0, 19)}+05:30`
}

const SCHEMA = 'https://schema.org/'

/**
 * What the offers of a date say: in stock while a seat is left; sold out when none is (its
 * waitlist is for members, not a ticket anyone can buy) or when a host has closed its sales.
 * Search engines read only InStock, SoldOut and PreOrder for an event's tickets: a date nobody can
 * book is, to them, sold out. A date whose seats are not known (a page written without them) is
 * offered as the page offers it.
 */
function offerAvailability(seats: DateAvailability | undefined): string {
  if (!seats) return `${SCHEMA}InStock`
  return seats.salesClosed || seats.spotsLeft <= 0 ? `${SCHEMA}SoldOut` : `${SCHEMA}InStock`
}

export function eventStructuredData(
  catalogue: Catalogue,
  event: YaariEvent,
  { siteUrl, now, seats }: { siteUrl: string; now: Date; seats?: readonly DateAvailability[] },
) {
  const url = `${siteUrl}/events/${event.id}`
  const cancelled = new Set(seats?.filter((entry) => entry.cancelled).map((entry) => entry.date))
  // The next date the team has not cancelled: a weekly event goes on when one evening is called off.
  const dates = availableDates(event, now).filter((date) => !cancelled.has(date))
  const next = dates[0]
  // An event with no date ahead is no Event to a search engine.
  if (!next) return undefined
  const availability = offerAvailability(seats?.find((entry) => entry.date === next))
  const { locality: city, region } = cityLocality(catalogue, event.city)
  const start = eventStartInstant(next, event.startTime)
  const end = new Date(start.getTime() + event.durationMinutes * 60_000)
  const endTime = istDateTime(end).slice(11, 19)
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    url,
    image: [absolute(siteUrl, eventSocialImage(event))],
    startDate: istDateTime(start),
    endDate: istDateTime(end),
    eventStatus: `${SCHEMA}EventScheduled`,
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
      name: eventArea(catalogue, event),
      address: {
        '@type': 'PostalAddress',
        ...(city ? { addressLocality: city } : {}),
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
      availability,
      validThrough: istDateTime(start),
      url,
    })),
  }
}

/** The home page's: who runs the site, and the site itself. */
export function siteStructuredData(siteUrl: string) {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SITE.productName,
      url: `${siteUrl}/`,
      logo: `${siteUrl}/icons/icon-512.png`,
      email: SITE.email,
      telephone: SITE.phone,
      sameAs: [SITE.instagramHref],
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE.productName,
      url: `${siteUrl}/`,
      description: SITE.tagline,
      inLanguage: 'en-IN',
    },
  ]
}
