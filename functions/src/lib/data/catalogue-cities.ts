/**
 * catalogue_cities/{id}: the city records an admin edits (live, listed as coming, or off). The only
 * module that names the collection (dev/lint/data-owners.test.mjs).
 */
import { cityRecordSchema } from '@yaari/domain/catalogue-records'
import type { DocumentReference, Firestore } from 'firebase-admin/firestore'
import { collectionOf } from '../collections'
import { recordOf } from './catalogue-events'

const cities = (firestore: Firestore) => collectionOf(firestore, 'catalogue_cities')

/** The city's document (a publish's transaction writes it). */
export const cityRecordRef = (firestore: Firestore, id: string): DocumentReference => cities(firestore).doc(id)

/** One city's record, if it has one. */
export const readCity = async (firestore: Firestore, id: string) =>
  recordOf(cityRecordSchema, (await cityRecordRef(firestore, id).get()).data())

/** Every city record. */
export const readCities = async (firestore: Firestore) =>
  (await cities(firestore).get()).docs.flatMap((doc) => recordOf(cityRecordSchema, doc.data()) ?? [])
