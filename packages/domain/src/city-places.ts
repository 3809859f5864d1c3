/** The places a city is written as: the locality and state of a postal address, or a calendar's location. */
import type { Catalogue } from './catalogue'
import { SITE } from './site'

/** The locality and state postal addresses use, for the cities Yaari names (another city: its name and India). */
const CITY_ADDRESSES: Readonly<Record<string, readonly [locality: string, region: string]>> = {
  bangalore: [SITE.homeCity, 'Karnataka'],
  mumbai: ['Mumbai', 'Maharashtra'],
  hyderabad: ['Hyderabad', 'Telangana'],
  chennai: ['Chennai', 'Tamil Nadu'],
  pune: ['Pune', 'Maharashtra'],
  jaipur: ['Jaipur', 'Rajasthan'],
}

/**
 * The locality a postal address (or a calendar's location) names for a city: "Bengaluru" for
 * bangalore, another city its name; none for a city the catalogue no longer lists (never its id).
 */
export function cityLocality(catalogue: Catalogue, cityId: string): { locality?: string; region?: string } {
  const known = CITY_ADDRESSES[cityId]
  if (known) return { locality: known[0], region: known[1] }
  const listed = catalogue.cities.find((city) => city.id === cityId)
  return listed ? { locality: listed.name } : {}
}

/** Where an event meets, as an address or a calendar writes it: "Indiranagar, Bengaluru" (the area alone when its city is not known). */
export const eventArea = (catalogue: Catalogue, event: { venueArea: string; city: string }): string =>
  [event.venueArea, cityLocality(catalogue, event.city).locality].filter(Boolean).join(', ')
