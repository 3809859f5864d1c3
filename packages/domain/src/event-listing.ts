/**
 * The events page's filters: city, title search and category, kept in the URL so a
 * filtered list can be shared and survives reload. Invalid values fall back to defaults.
 */
import { CATEGORY_SLUGS, categoryFromSlug, categorySlug, type YaariEvent } from './catalogue'

export const CITIES = [
  { id: 'bangalore', name: 'Bangalore', live: true },
  { id: 'hyderabad', name: 'Hyderabad', live: false },
  { id: 'chennai', name: 'Chennai', live: false },
  { id: 'pune', name: 'Pune', live: false },
  { id: 'jaipur', name: 'Jaipur', live: false },
] as const
const LIVE_CITY_IDS = CITIES.filter((city) => city.live).map((city) => city.id)

export interface EventsSearch {
  city?: (typeof LIVE_CITY_IDS)[number]
  q?: string
  category?: string
}

/**
 * The route's validateSearch: each valid value is kept, anything else dropped. Written out
 * rather than as a Valibot schema: route definitions load with the first page, and this one
 * would bring the schema library (~2.5 KB) to every visitor's home page for three fields.
 */
export function parseEventsSearch(search: Record<string, unknown>): EventsSearch {
  const { city, q, category } = search
  const parsed: EventsSearch = {}
  const live = LIVE_CITY_IDS.find((id) => id === city)
  if (live) parsed.city = live
  if (typeof q === 'string' && q.length <= 100) parsed.q = q
  if (typeof category === 'string' && CATEGORY_SLUGS.includes(category)) parsed.category = category
  return parsed
}

export function cityName(cityId: string | undefined): string {
  return CITIES.find((city) => city.id === (cityId ?? 'bangalore'))?.name ?? 'Bangalore'
}

/** Events of the city whose title contains `q` (case-insensitive) and in `category`. */
export function filterEvents(events: readonly YaariEvent[], search: EventsSearch): YaariEvent[] {
  const query = search.q?.trim().toLocaleLowerCase('en-IN') ?? ''
  const category = search.category ? categoryFromSlug(search.category) : undefined
  return events.filter(
    (event) =>
      (!query || event.title.toLocaleLowerCase('en-IN').includes(query)) &&
      (!category || categorySlug(event.category) === categorySlug(category)),
  )
}
