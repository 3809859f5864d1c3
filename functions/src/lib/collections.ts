/**
 * Every Firestore collection the functions use, named once: a collection's name is a checked type
 * (`Collection`), so a typo does not compile; retention.ts, firestore.rules and
 * firestore.indexes.json name the same collections. Only the data modules (lib/data/) reach a
 * collection through these (dev/lint/data-owners.test.mjs).
 */
import { seatsCollectionPath } from '@yaari/domain/availability'
import type { CollectionReference, DocumentReference, Firestore } from 'firebase-admin/firestore'

/** The top-level collections. */
const COLLECTIONS = [
  'bookings',
  'user_profiles',
  'waitlist',
  'member_dates',
  'member_holds',
  'member_waits',
  'mail',
  'audit_log',
  'door_check_ins',
  'door_admissions',
  'host_messages',
  'message_slots',
  'photo_uploads',
  'data_exports',
  'cancelled_dates',
  'webhook_events',
  'date_settings',
  'stack_clocks',
  // After the night: each date's evening after, what its guests said, picked, connected, blocked, reported.
  'nights',
  'feedback',
  'picks',
  'connections',
  'blocks',
  'reports',
  'report_slots',
  'alert_slots',
  'member_sharing',
  // What members are told (the list under the bell), the devices push goes to, the kinds turned off.
  'notices',
  'push_subscriptions',
  'notice_settings',
  // Each date's groups: the host's plan and what was published (groups.ts).
  'seatings',
  // The catalogue (decision 0018): the published snapshot and its version; the records the team edits.
  'catalogue',
  'catalogue_events',
  'catalogue_cities',
  'catalogue_versions',
  // Each archived event's last published copy, out of the snapshot (decision 0020).
  'catalogue_archive',
  // Per account and day: the catalogue editor's new events and cover uploads (decision 0020).
  'editor_slots',
  // Each cover upload, written before its files: the sweep deletes what no event uses (decision 0020).
  'cover_uploads',
  // The team's insights (decision 0025): each city's month of per-date numbers, what the paths note
  // for them (waitlist joins and offers), and the dates whose money moved since they were rolled.
  'insights',
  'insight_tallies',
  'insight_marks',
  // Members' verified mobiles: one account per number (phone-numbers.ts), and each member's code asks.
  'phone_numbers',
  'phone_codes',
  // Guests' alerts to their date's coordinators during the evening (help/alerts.ts).
  'alerts',
] as const
export type Collection = (typeof COLLECTIONS)[number]

/** A top-level collection. */
export const collectionOf = (firestore: Firestore, name: Collection): CollectionReference => firestore.collection(name)

/** The seat documents of one date: seats/{eventId}_{date}/claims (the capacity's numbered seats). */
export const seatClaims = (firestore: Firestore, eventId: string, date: string): CollectionReference =>
  firestore.collection(seatsCollectionPath(eventId, date))

/** A document's subcollections: a mail's send attempts, a booking's one-time transitions, a date's leases, a booking's gateway reads. */
const SUBCOLLECTIONS = ['attempts', 'transitions', 'leases', 'gateway_reads'] as const
type Subcollection = (typeof SUBCOLLECTIONS)[number]
export const subcollectionOf = (parent: DocumentReference, name: Subcollection): CollectionReference =>
  parent.collection(name)
