/**
 * Roles, from a verified token's custom claims: `admin: true` (every city, grants roles) and
 * `host_cities: [...]`. The functions decide with these; the app reads them only to show a host
 * the way to the console. Small on purpose: the header reads it on every page.
 */
import type { Catalogue, City, YaariEvent } from './catalogue'

/** The roles of a signed-in person, from their token's claims. */
export interface Roles {
  admin: boolean
  /** The published cities they host in (every one for an admin). */
  hostCities: readonly City[]
}

/** Reads the roles out of a token's claims; anything unexpected grants nothing. */
export function rolesOf(catalogue: Catalogue, claims: Readonly<Record<string, unknown>> | undefined): Roles {
  const admin = claims?.admin === true
  const listed: unknown[] = Array.isArray(claims?.host_cities) ? claims.host_cities : []
  // Roles follow the catalogue: a city no longer published (or never) grants nothing.
  const cities = catalogue.cities.map((city) => city.id)
  const hostCities = admin ? cities : cities.filter((city) => listed.includes(city))
  return { admin, hostCities }
}

export const isHost = (roles: Roles) => roles.admin || roles.hostCities.length > 0

/** Whether they may act for `city` (its events, its dates, its covers): a host of it, or an admin. */
export const mayHostCity = (roles: Roles, city: City | undefined) =>
  roles.admin || (city !== undefined && roles.hostCities.includes(city))

/** A host may act on a date of an event in one of their cities; an admin on every date. */
export const mayHost = (roles: Roles, event: Pick<YaariEvent, 'city'> | undefined) => mayHostCity(roles, event?.city)
