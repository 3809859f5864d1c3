/**
 * What an event's page says to crawlers and link previews, as of the moment it is written: its
 * title and description, its preview picture, whether it may be indexed, and its schema.org Event
 * while it is on sale. An archived event's page (its tickets still open) and the page of an event
 * whose city is not live offer nothing and ask not to be indexed (decision 0020).
 */
import type { DateAvailability } from './availability'
import type { Catalogue, YaariEvent } from './catalogue'
import { eventPageMeta } from './event-meta'
import type { PageMeta, SocialParts } from './page-head'
import { eventSocialImage, eventStructuredData } from './structured-data'

/** An event page's head: its meta, its picture and data, and whether search engines should list it. */
export function eventPageHead(
  catalogue: Catalogue,
  event: YaariEvent,
  { siteUrl, now, seats }: { siteUrl: string; now: Date; seats?: readonly DateAvailability[] },
): { meta: PageMeta; social: SocialParts; indexable: boolean } {
  const onSale = catalogue.isOnSale(event)
  const structuredData = onSale ? eventStructuredData(catalogue, event, { siteUrl, now, seats }) : undefined
  return {
    meta: eventPageMeta(catalogue, event),
    social: { siteUrl, image: eventSocialImage(event), ...(structuredData ? { structuredData } : {}) },
    indexable: onSale,
  }
}
