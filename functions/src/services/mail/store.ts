/**
 * The documents a mail is written from when it is sent, beside its record (lib/data/mail.ts): a
 * date's venue brief, a host's message (lib/data/host-messages.ts).
 */
import type { Firestore } from 'firebase-admin/firestore'
import type { BookingRecord } from '../../lib/data/bookings'
import { readBrief as readDateBrief } from '../../lib/data/venue-briefs'

/** The venue brief of the booking's date, once the team has shared it. */
export const readBrief = (firestore: Firestore, booking: BookingRecord) =>
  readDateBrief(firestore, booking.event_id, booking.event_date)
