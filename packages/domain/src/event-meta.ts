/** An event page's title and description: the page sets them, the build and the eventPage function write them. */
import { catalogueCities, type YaariEvent } from './catalogue'
import type { PageMeta } from './page-head'
import { formatTime, scheduleLabel } from './time-labels'

/** The event's city as pages name it. */
export const cityOf = (event: YaariEvent) =>
  catalogueCities().find((city) => city.id === event.city)?.name ?? event.city

/** The event page's title and description (the page sets them, the build and the function write them). */
export function eventPageMeta(event: YaariEvent): PageMeta {
  return {
    title: `${event.title} (${event.kind})`,
    description: `${event.description} ${scheduleLabel(event)} at ${formatTime(event.startTime)} in ${event.venueArea}, ${cityOf(event)}.`,
  }
}
