/**
 * What an event's page says to crawlers and link previews, as of the moment it is written: its
 * title and description, its preview picture, whether it may be indexed, and its schema.org Event
 * while it is on sale. An archived event's page (its tickets still open) and the page of an event
 * whose city is not live offer nothing and ask not to be indexed (decision 0020).
 */
import { catalogueCities, type YaariEvent } from './catalogue'
import { eventPageMeta } from './event-meta'
import type { PageMeta, SocialParts } from './page-head'
import { eventSocialImage, eventStructuredData } from './structured-data'

export { eventPageMeta }

/** Whether members can book it: published, in a city that is live (the catalogue it is read from). */
export function eventOnSale(event: YaariEvent, cities = catalogueCities()): boolean {
  return event.status === 'published' && cities.some((city) => city.id === event.city && city.live)
}

/** An event page's head: its meta, its picture and data, and whether search engines should list it. */
export function eventPageHead(
  event: YaariEvent,
  { siteUrl, now }: { siteUrl: string; now: Date },
): { meta: PageMeta; social: SocialParts; indexable: boolean } {
  const onSale = eventOnSale(event)
  const structuredData = onSale ? eventStructuredData(event, { siteUrl, now }) : undefined
  return {
    meta: eventPageMeta(event),
    social: { siteUrl, image: eventSocialImage(event), ...(structuredData ? { structuredData } : {}) },
    indexable: onSale,
  }
}
