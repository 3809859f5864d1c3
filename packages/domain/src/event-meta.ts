/** An event page's title and description: the page sets them, the publicPages function writes them into its HTML. */
import type { Catalogue, YaariEvent } from './catalogue'
import type { PageMeta } from './page-head'
import { formatTime, scheduleLabel } from './time-labels'

/**
 * The event's city as its page names it, or undefined when the catalogue no longer lists it (an
 * archived event of a city taken off the selector): its page then names the venue's area alone,
 * never the city's id nor another city.
 */
export const eventCityName = (catalogue: Catalogue, event: YaariEvent): string | undefined =>
  catalogue.cities.find((city) => city.id === event.city)?.name

/** Where the event meets: "Indiranagar, Bangalore", or the area alone when its city is not listed. */
export const eventPlace = (catalogue: Catalogue, event: YaariEvent): string =>
  [event.venueArea, eventCityName(catalogue, event)].filter(Boolean).join(', ')

/** The event page's title and description. */
export function eventPageMeta(catalogue: Catalogue, event: YaariEvent): PageMeta {
  return {
    title: `${event.title} (${event.kind})`,
    description: `${event.description} ${scheduleLabel(event)} at ${formatTime(event.startTime)} in ${eventPlace(catalogue, event)}.`,
  }
}
