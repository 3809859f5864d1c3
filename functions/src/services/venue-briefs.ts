/**
 * Sharing a date's venue brief (where exactly the table is). The team shares it about 24 hours
 * before the event; confirmed tickets show it from then on, and keep it offline on the device.
 * Written by the `share-venue` command with admin credentials, never by a browser.
 */

import { eventDateSchema, venueBriefPath, venueBriefSchema } from '@yaari/domain/booking'
import { EVENT_IDS, eventById } from '@yaari/domain/catalogue'
import { weekdayOf } from '@yaari/domain/schedule'
import { describeIssues } from '@yaari/domain/validation'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import * as v from 'valibot'

export const shareVenueSchema = v.pipe(
  v.strictObject({
    eventId: v.picklist(EVENT_IDS, `eventId must be one of ${EVENT_IDS.join(', ')}`),
    eventDate: eventDateSchema,
    brief: venueBriefSchema,
  }),
  v.check(
    (input) => weekdayOf(input.eventDate) === eventById(input.eventId)?.weekday,
    'eventDate is not a date this event runs on',
  ),
)
export type ShareVenueInput = v.InferInput<typeof shareVenueSchema>

/** Validates and stores the brief (replacing an earlier one for the same date); returns its path. */
export async function shareVenueBrief(firestore: Firestore, input: unknown): Promise<string> {
  const parsed = v.safeParse(shareVenueSchema, input)
  if (!parsed.success) throw new Error(describeIssues(parsed.issues))
  const { eventId, eventDate, brief } = parsed.output
  const path = venueBriefPath(eventId, eventDate)
  await firestore.doc(path).set({ ...brief, shared_at: FieldValue.serverTimestamp() })
  return path
}
