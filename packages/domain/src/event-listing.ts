/**
 * The events page's filters: city, title search and category, kept in the URL so a
 * filtered list can be shared and survives reload. Invalid values fall back to defaults.
 */
import { CATEGORY_SLUGS, type Catalogue, categoryFromSlug, categorySlug, type YaariEvent } from './catalogue'

/** The city a visitor sees first, and the one the address leaves out. */
export const DEFAULT_CITY = 'bangalore'

export interface EventsSearch {
  city?: string
  q?: string
  category?: string
}

/**
 * The route's validateSearch: each valid value is kept, anything else dropped. Written out
 * rather than as a Valibot schema: route definitions load with the first page, and this one
 * would bring the schema library (~2.5 KB) to every visitor's home page for three fields. A city
 * is kept by its shape: the catalogue that knows it may arrive after the address is read.
 */
export function parseEventsSearch(search: Record<string, unknown>): EventsSearch {
  const { city, q, category } = search
  const parsed: EventsSearch = {}
  if (typeof city === 'string' && city !== DEFAULT_CITY && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(city) && city.length <= 60)
    parsed.city = city
  if (typeof q === 'string' && q.length <= 100) parsed.q = q
  if (typeof category === 'string' && CATEGORY_SLUGS.includes(category)) parsed.category = category
  return parsed
}

/** The live city the address names, or the default one. */
export function listedCity(catalogue: Catalogue, cityId: string | undefined) {
  const { cities } = catalogue
  return (
    cities.find((city) => city.live && city.id === (cityId ?? DEFAULT_CITY)) ??
    cities.find((city) => city.id === DEFAULT_CITY) ?? { id: DEFAULT_CITY, name: 'Bangalore', live: true }
  )
}

/** A city's name as pages write it ("Bangalore"). */
export function cityName(catalogue: Catalogue, cityId: string | undefined): string {
  return (
    catalogue.cities.find((city) => city.id === (cityId ?? DEFAULT_CITY))?.name ?? listedCity(catalogue, undefined).name
  )
}

/** Of `events`, those in the listed city whose title contains `q` (case-insensitive) and in `category`. */
export function filterEvents(
  catalogue: Catalogue,
  search: EventsSearch,
  events: readonly YaariEvent[] = catalogue.listed,
): YaariEvent[] {
  const query = search.q?.trim().toLocaleLowerCase('en-IN') ?? ''
  const category = search.category ? categoryFromSlug(search.category) : undefined
  const city = listedCity(catalogue, search.city).id
  return events.filter(
    (event) =>
      event.city === city &&
      (!query || event.title.toLocaleLowerCase('en-IN').includes(query)) &&
      (!category || categorySlug(event.category) === categorySlug(category)),
  )
}
