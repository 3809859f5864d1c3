/**
 * A city of this run (live, so its events are on sale) and drafts of its events, for the tests
 * that publish through the catalogue editor: a new address each run, so a stack kept between runs
 * never meets an event it already has. Each test file switches its city off when it ends.
 */
import { randomUUID } from 'node:crypto'
import type { RequestOf } from '@yaari/domain/callable'
import {
  type EventDraft,
  listCatalogueCall,
  publishCatalogueEventCall,
  saveCatalogueCityCall,
} from '@yaari/domain/catalogue-editor'
import { seedCatalogue } from '@yaari/domain/catalogue-records'
import { callFunction } from '../../src/lib/firebase'
import { signedInAdmin, signOutMember } from './helpers'

/** The city `prefix-<run>`, named `name`. */
export function runCity(prefix: string, name: string) {
  return {
    id: `${prefix}-${randomUUID().slice(0, 6)}`,
    name,
    timeZone: 'Asia/Kolkata',
    live: true,
    status: 'published',
  } as const
}

const { status: _status, shortId: _link, rating: _rating, ...seedDraft } = seedCatalogue().events[0]!

/** A draft of an event on Sundays at ₹899 / ₹1,299 in `city`, its cover a picture the site carries. */
export function eventDraft(city: { id: string }, id: string, change: Partial<EventDraft> = {}): EventDraft {
  return {
    ...seedDraft,
    id,
    city: city.id,
    title: `Brunch ${id}`,
    kind: 'Sunday Brunch',
    image: '/images/events/first-hello-stranger-meetup.svg',
    prices: { girls: 899, boys: 1299 },
    schedule: { weekdays: [0], dates: [], skipped: [], monthsAhead: 2 },
    ...change,
  }
}

/** What a publish of event `id` names: the copy its editor last saved, as the editor's list shows it. */
export async function savedCopy(id: string) {
  const saved = (await callFunction(listCatalogueCall, {})).events.find((event) => event.id === id)
  return { id, savedAt: saved?.updatedAt ?? new Date(0).toISOString() }
}

/** An admin saves `city` (a city of this run, on or off), as the console's Save city does; signed out after. */
export async function cityByAdmin(city: RequestOf<typeof saveCatalogueCityCall>['city']) {
  await signedInAdmin()
  await callFunction(saveCatalogueCityCall, { city })
  await signOutMember()
}

/** Publishes event `id` as its editor last saved it, as the editor's Publish does. */
export const publishSaved = async (id: string) => callFunction(publishCatalogueEventCall, await savedCopy(id))
