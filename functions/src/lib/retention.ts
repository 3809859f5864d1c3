/**
 * How long each collection's documents are kept, enforced by Firestore's TTL policies (declared
 * in firestore.indexes.json, one per collection named here, on `expire_at`): every document
 * written to one of these collections carries `expire_at`, a Timestamp, and Firestore deletes it
 * within about a day of that time. docs/data.md has the same table with the reasons; the tests
 * keep the three in step. Collections not named here (user_profiles, moderation) live as long as
 * the account does, and go with it.
 */
import { PHONE_HOLD_DAYS } from '@yaari/domain/phone'
import { Timestamp } from 'firebase-admin/firestore'

const DAY = 86_400_000

/** Where a document's time to live is counted from. */
type From = 'written' | 'event-date'

export const RETENTION = {
  /** Accounting records: order, amount, refund (Companies Act 2013, s. 128: eight years). */
  bookings: { days: 8 * 366, from: 'event-date' },
  /** "Apply this change once" markers: after refunds (6 months) and disputes (120 days) can still come. */
  transitions: { days: 400, from: 'written' },
  /** One per 5 s of a member's polling (the gateway read rate limit): a day is plenty. */
  gateway_reads: { days: 1, from: 'written' },
  /** Cashfree deliveries already handled: Cashfree retries for about a day; a month to look into one. */
  webhook_events: { days: 30, from: 'written' },
  /** Mail to members (the address, the kind, its state): what the export shows and support looks up. */
  mail: { days: 180, from: 'written' },
  /** Each try at sending a mail (its claim): for debugging a delivery. */
  attempts: { days: 30, from: 'written' },
  /** What hosts and admins did: CERT-In's directions ask for 180 days of logs; a year. */
  audit_log: { days: 365, from: 'written' },
  /** A host's message to a date's guests. */
  host_messages: { days: 90, from: 'written' },
  /** Door scans and admissions: evidence for a chargeback, which a bank may raise up to 120 days after the night. */
  door_check_ins: { days: 180, from: 'written' },
  door_admissions: { days: 180, from: 'written' },
  /** A host's daily message allowance (per date and per host): counted for one day. */
  message_slots: { days: 2, from: 'written' },
  /** Seat claims of a date: nothing counts them once the evening is over. */
  seats: { days: 30, from: 'event-date' },
  /** A member's one booking per date, and their live holds. */
  member_dates: { days: 2, from: 'event-date' },
  member_holds: { days: 2, from: 'written' },
  /** Waitlist places (with the address the offer goes to) and a member's count of them. */
  waitlist: { days: 30, from: 'event-date' },
  member_waits: { days: 2, from: 'event-date' },
  /** A host's capacity change in progress. */
  leases: { days: 1, from: 'written' },
  /** Per-day counters of photo uploads and data exports. */
  photo_uploads: { days: 2, from: 'written' },
  data_exports: { days: 2, from: 'written' },
  /** The SMS codes a member asked for: counted for one day (IST). */
  phone_codes: { days: 2, from: 'written' },
  /**
   * A verified mobile lives with its account (no expire_at); a deleted account's is held this long
   * (the privacy page's PHONE_HOLD_DAYS), written with expire_at when the account lets it go.
   */
  phone_numbers: { days: PHONE_HOLD_DAYS, from: 'written' },
  /** Per-day counters of the catalogue editor's new events and cover uploads. */
  editor_slots: { days: 2, from: 'written' },
  /** A date the team cancelled, its venue, its settings (capacity, sales): a season's look back. */
  cancelled_dates: { days: 365, from: 'event-date' },
  venue_briefs: { days: 365, from: 'event-date' },
  date_settings: { days: 365, from: 'event-date' },
  /** Who came to a date and where its evening after stands; its ratings: a season's look back. */
  nights: { days: 365, from: 'event-date' },
  /** A guest's alert to the coordinators, its answer and times: the date's "After the evening", a season's look back. */
  alerts: { days: 365, from: 'event-date' },
  feedback: { days: 365, from: 'event-date' },
  /** What a member was told under the bell: the list shows the newest 50; three months is plenty. */
  notices: { days: 90, from: 'written' },
  /** A device push goes to: saved again each time the app allows push there; one unused for a year is gone. */
  push_subscriptions: { days: 365, from: 'written' },
  /** A date's groups: the evening after lists a guest's group first, and the export shows it, for a year. */
  seatings: { days: 365, from: 'event-date' },
  /** A pick that did not become a connection: the job deletes it when the window closes; this is the backstop. */
  picks: { days: 9, from: 'event-date' },
  /** A report about a member: what a later report, and a ban, is weighed against. */
  reports: { days: 730, from: 'written' },
  /** Per member and day, the reports made: counted for one day. */
  report_slots: { days: 2, from: 'written' },
  alert_slots: { days: 2, from: 'written' },
  /** A city's month of per-date numbers (no member in them): as long as the accounts they sum. */
  insights: { days: 8 * 366, from: 'event-date' },
  /** A date's waitlist joins and offers, noted for its numbers: a season, as its other records. */
  insight_tallies: { days: 365, from: 'event-date' },
  /** A date whose money moved, until the next roll (hourly) takes it; the TTL is the backstop. */
  insight_marks: { days: 30, from: 'written' },
} as const satisfies Record<string, { days: number; from: From }>

export type RetainedCollection = keyof typeof RETENTION

/** The end of an event date (IST) in ms; a date that does not parse counts from now. */
function endOfDate(date: string, now: number): number {
  const at = Date.parse(`${date}T23:59:59+05:30`)
  return Number.isNaN(at) ? now : at
}

/**
 * The `expire_at` field for a document of `collection`: counted from `now` (when it is written),
 * or from the end of `eventDate` for the collections kept relative to their event.
 */
export function expiry(collection: RetainedCollection, now: number, eventDate?: string): { expire_at: Timestamp } {
  const rule: { days: number; from: From } = RETENTION[collection]
  const start = rule.from === 'event-date' && eventDate ? endOfDate(eventDate, now) : now
  return { expire_at: Timestamp.fromMillis(start + rule.days * DAY) }
}
