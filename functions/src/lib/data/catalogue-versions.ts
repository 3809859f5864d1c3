/**
 * catalogue_versions/{n}: the history line of each published version, created once as a publish's
 * first write, so of two publishes that read the same version one writes and the other writes
 * nothing (decision 0020). The only module that names the collection (dev/lint/data-owners.test.mjs).
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore'
import { collectionOf } from '../collections'

/** What a version's line says: when, by whom, and what it changed. */
export interface VersionLine {
  version: number
  at: number
  by: string
  action: string
  subject: string
}

/** Creates the version's line in the publish's transaction (fails the commit when another publish made it). */
export function createVersionLine(firestore: Firestore, transaction: Transaction, line: VersionLine): void {
  transaction.create(collectionOf(firestore, 'catalogue_versions').doc(String(line.version)), line)
}
