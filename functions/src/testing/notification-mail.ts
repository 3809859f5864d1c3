/**
 * Test data for what a mail is in the member's notifications (mail/as-notification*.test.ts): one evening of the
 * seed's Midweek Meetup, Asha's confirmed booking of it, a mail of any kind, and the notification
 * `tellMail` writes for it, as its words.
 */
import type { Catalogue } from '@yaari/domain/catalogue'
import { SEED } from '@yaari/domain/catalogue-seed'
import type { BookingRecord } from '../lib/data/bookings'
import type { MailKind, MailRecord } from '../lib/data/mail'
import { tellMail } from '../services/mail/as-notification'
import { FakeFirestore } from './fake-firestore'

export const EVENT = SEED.eventById('midweek-wednesday-dinner')! // "Midweek Meetup", Wednesdays 20:00 for 150 minutes
export const DATE = '2026-12-02' // a Wednesday
export const START = Date.parse('2026-12-02T20:00:00+05:30')
export const END = Date.parse('2026-12-02T22:30:00+05:30')
export const DAY = 86_400_000
/** Told the afternoon before the evening, the morning of it, and the morning after. */
export const DAY_BEFORE = Date.parse('2026-12-01T14:00:00+05:30')
export const MORNING_OF = Date.parse('2026-12-02T09:00:00+05:30')
export const MORNING_AFTER = Date.parse('2026-12-03T10:00:00+05:30')
export const suffix = `${EVENT.id}-${DATE}`

/** Asha's confirmed booking of the date. */
export const BOOKING: BookingRecord = {
  order_id: 'order-1',
  user_id: 'asha',
  event_id: EVENT.id,
  event_date: DATE,
  tier: 'girls',
  amount: 499,
  seat: 3,
  status: 'confirmed',
  payment_session_id: 'session-1',
  hold_expires_at: DAY_BEFORE - 2 * DAY,
  created_at: DAY_BEFORE - 3 * DAY,
  attendee: { name: 'Asha Rao', email: 'asha@example.test' },
}

export const mail = (kind: MailKind, over: Partial<MailRecord> = {}): MailRecord => ({
  order_id: 'order-1',
  kind,
  to: 'asha@example.test',
  state: 'queued',
  attempts: 0,
  created_at: DAY_BEFORE,
  ...over,
})

/** The notification tellMail writes for the mail (notices/{id}), or undefined. */
export async function told(
  record: MailRecord,
  now: number,
  {
    booking = BOOKING as BookingRecord | null,
    catalogue = SEED as Catalogue,
    firestore = new FakeFirestore(),
    id = 'mail-1',
  } = {},
) {
  await tellMail(firestore.asFirestore, catalogue, id, record, booking ?? undefined, now)
  return firestore.read(`notices/${id}`)
}

const WORDS = ['uid', 'kind', 'title', 'body', 'detail', 'url', 'tag', 'critical', 'until'] as const
/** A notification's words: what a member reads and where a tap goes. */
export const wordsOf = (notification: Record<string, unknown> | undefined) =>
  notification && Object.fromEntries(WORDS.filter((key) => key in notification).map((key) => [key, notification[key]]))
