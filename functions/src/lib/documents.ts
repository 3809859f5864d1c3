/**
 * How a collection's documents become its records. Only the functions write these collections, so
 * a document holds the record its collection's type says; a store names that type once, with
 * `reader<Record>()`, and the services read records, never a document's fields.
 */
import type { DocumentSnapshot, QuerySnapshot } from 'firebase-admin/firestore'

export interface Reader<T> {
  /** The document's record, or undefined when there is no such document. */
  one(snapshot: DocumentSnapshot): T | undefined
  /** The record of a document known to be there (one of a query's, or one the caller saw exists). */
  existing(snapshot: DocumentSnapshot): T
  /** The records of a query's documents, in its order. */
  all(snapshot: QuerySnapshot): T[]
  /** The records of a query's documents with their ids, in its order. */
  withIds(snapshot: QuerySnapshot): { id: string; record: T }[]
}

export function reader<T>(): Reader<T> {
  return {
    one: (snapshot) => snapshot.data() as T | undefined,
    existing: (snapshot) => snapshot.data() as T,
    all: (snapshot) => snapshot.docs.map((doc) => doc.data() as T),
    withIds: (snapshot) => snapshot.docs.map((doc) => ({ id: doc.id, record: doc.data() as T })),
  }
}
