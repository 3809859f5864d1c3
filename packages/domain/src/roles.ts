/**
 * Roles, from a verified token's custom claims: `admin: true` (every city, grants roles) and
 * `host_cities: [...]`. The functions decide with these; the app reads them only to show a host
 * the way to the console. Small on purpose: the header reads it on every page.
 */
import { type City, catalogueCities, eventById } from './catalogue'

/** The roles of a signed-in person, from their token's claims. */
export interface Roles {
  admin: boolean
  /** The published cities they host in (every one for an admin). */
  hostCities: readonly City[]
}

/** Reads the roles out of a token's claims; anything unexpected grants nothing. */
export function rolesOf(claims: Readonly<Record<string, unknown>> | undefined): Roles {
  const admin = claims?.admin === true
  const listed: unknown[] = Array.isArray(claims?.host_cities) ? claims.host_cities : []
  // Roles follow the catalogue: a city no longer published (or never) grants nothing.
  const cities = catalogueCities().map((city) => city.id)
  const hostCities = admin ? cities : cities.filter((city) => listed.includes(city))
  return { admin, hostCities }
}

export const isHost = (roles: Roles) => roles.admin || roles.hostCities.length > 0

/** A host may act on a date of an event in one of their cities; an admin on every date. */
export const mayHost = (roles: Roles, eventId: string) => {
  const city = eventById(eventId)?.city
  return roles.admin || (city !== undefined && roles.hostCities.includes(city))
}
