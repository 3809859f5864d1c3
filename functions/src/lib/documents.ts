/**
 * How a collection's documents become its records, for the data modules (lib/data/): a
 * `checkedReader` checks each record with its Valibot schema as it is read; `reader<Record>()`
 * trusts the type, for the two records written only from records checked whole (the published
 * catalogue and the archive). The services read records, never a document's fields.
 */
import type { DocumentSnapshot, Query, QuerySnapshot } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { warn } from './log'

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

/**
 * A reader that checks each record against its schema (the data modules' way, lib/data/): a
 * document that does not hold one is logged and left out of a list (`one` answers undefined for
 * it), instead of a service reading fields that are not there; `existing` throws for it.
 */
export function checkedReader<S extends v.GenericSchema>(collection: string, schema: S): Reader<v.InferOutput<S>> {
  const check = (snapshot: DocumentSnapshot): v.InferOutput<S> | undefined => {
    if (!snapshot.exists) return undefined
    const parsed = v.safeParse(schema, snapshot.data())
    if (parsed.success) return parsed.output
    warn('malformed-record', { collection, id: snapshot.id, issue: v.summarize(parsed.issues) })
    return undefined
  }
  return {
    one: check,
    existing: (snapshot) => {
      const record = check(snapshot)
      if (record === undefined) throw new Error(`${collection}/${snapshot.id} holds no record`)
      return record
    },
    all: (snapshot) => snapshot.docs.flatMap((doc) => check(doc) ?? []),
    withIds: (snapshot) =>
      snapshot.docs.flatMap((doc) => {
        const record = check(doc)
        return record === undefined ? [] : [{ id: doc.id, record }]
      }),
  }
}

/** The records a query finds, or none without asking when `values` is empty (an `in` query refuses an empty list). */
export async function readWhereAny<T>(
  records: Reader<T>,
  query: Query,
  field: string,
  op: 'in' | 'array-contains-any',
  values: readonly string[],
): Promise<T[]> {
  return values.length === 0 ? [] : records.all(await query.where(field, op, [...values]).get())
}

/** Deletes every document the queries find. */
export async function deleteFound(...queries: Query[]): Promise<void> {
  const found = await Promise.all(queries.map((query) => query.get()))
  await Promise.all(found.flatMap((snapshot) => snapshot.docs.map((doc) => doc.ref.delete())))
}
