/** An event page's title and description: the page sets them, the publicPages function writes them into its HTML. */
import type { Catalogue, YaariEvent } from './catalogue'
import type { PageMeta } from './page-head'
import { formatTime, scheduleLabel } from './time-labels'

/** The event's city as pages name it. */
const cityOf = (catalogue: Catalogue, event: YaariEvent) => catalogue.cityName(event.city)

/** The event page's title and description. */
export function eventPageMeta(catalogue: Catalogue, event: YaariEvent): PageMeta {
  return {
    title: `${event.title} (${event.kind})`,
    description: `${event.description} ${scheduleLabel(event)} at ${formatTime(event.startTime)} in ${event.venueArea}, ${cityOf(catalogue, event)}.`,
  }
}
