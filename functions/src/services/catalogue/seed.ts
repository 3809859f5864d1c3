/**
 * Loads the seed (Bangalore, the cities listed as coming, the three events) into a project whose
 * catalogue is empty, as its first published version. A project that has a catalogue is left as
 * it is: the seed never overwrites what the team published.
 */

import { publishedCatalogueOf } from '@yaari/domain/catalogue-publish'
import { seedCatalogue as seedRecords } from '@yaari/domain/catalogue-records'
import type { Firestore } from 'firebase-admin/firestore'
import { publishedVersion } from '../../lib/data/catalogue'
import { cityRecordRef } from '../../lib/data/catalogue-cities'
import { eventRecordRef } from '../../lib/data/catalogue-events'
import type { Actor } from '../audit'
import { publishChange, stampOf } from './records'

export async function seedCatalogue(
  firestore: Firestore,
  actor: Actor,
  now: number,
): Promise<{ seeded: boolean; version: number }> {
  const current = await publishedVersion(firestore)
  if (current !== undefined) return { seeded: false, version: current }
  const { cities, events } = seedRecords()
  const stamp = stampOf(actor, now)
  const published = await publishChange(
    firestore,
    actor,
    {
      action: 'seed-catalogue',
      about: { catalogue: 'whole' },
      change: { events: events.length, cities: cities.length },
    },
    now,
    async (previous) => {
      if (previous.version >= 0) throw new Error('The catalogue was published meanwhile: not seeded.')
      return {
        next: (version) => publishedCatalogueOf({ cities, events }, previous, version),
        write: (transaction) => {
          for (const city of cities) transaction.set(cityRecordRef(firestore, city.id), { ...city, ...stamp })
          for (const event of events) transaction.set(eventRecordRef(firestore, event.id), { ...event, ...stamp })
        },
      }
    },
  )
  return { seeded: true, version: published.version }
}
