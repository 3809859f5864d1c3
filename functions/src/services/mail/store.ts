/**
 * The documents a mail is written from when it is sent, beside its record (lib/data/mail.ts): a
 * date's venue brief, a host's message (lib/data/host-messages.ts).
 */
import { type VenueBrief, venueBriefPath } from '@yaari/domain/booking'
import type { Firestore } from 'firebase-admin/firestore'
import type { BookingRecord } from '../../lib/data/bookings'
import { reader } from '../../lib/documents'

const briefs = reader<VenueBrief>()

/** The venue brief of the booking's date, once the team has shared it. */
export const readBrief = async (firestore: Firestore, booking: BookingRecord) =>
  briefs.one(await firestore.doc(venueBriefPath(booking.event_id, booking.event_date)).get())
