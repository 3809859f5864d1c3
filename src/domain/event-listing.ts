/**
 * The events page's filters: city, title search and category, kept in the URL so a
 * filtered list can be shared and survives reload. Invalid values fall back to defaults.
 */
import * as v from 'valibot'
import { CATEGORY_SLUGS, categoryFromSlug, categorySlug, type YaariEvent } from './catalogue'

export const CITIES = [
  { id: 'bangalore', name: 'Bangalore', live: true },
  { id: 'hyderabad', name: 'Hyderabad', live: false },
  { id: 'chennai', name: 'Chennai', live: false },
  { id: 'pune', name: 'Pune', live: false },
  { id: 'jaipur', name: 'Jaipur', live: false },
] as const
const LIVE_CITY_IDS = CITIES.filter((city) => city.live).map((city) => city.id)

export const eventsSearchSchema = v.object({
  city: v.fallback(v.optional(v.picklist(LIVE_CITY_IDS)), undefined),
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
  category: v.fallback(v.optional(v.picklist(CATEGORY_SLUGS as [string, ...string[]])), undefined),
})
export type EventsSearch = v.InferOutput<typeof eventsSearchSchema>

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
