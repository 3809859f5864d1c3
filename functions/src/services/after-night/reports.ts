/**
 * A guest's report about another guest of the evening. A report names the reporter only to the
 * functions: hosts see whom it is about, never who made it.
 */

import type { reportGuestCall } from '@yaari/domain/after-night'
import { AFTER_MESSAGES, REPORTS_PER_DAY } from '@yaari/domain/after-night'
import { HttpsError } from 'firebase-functions/v2/https'
import { isAlreadyExists } from '../../lib/claims'
import { reportSlots } from '../../lib/data/report-slots'
import { fileReport, type ReportRecord, reportFiled } from '../../lib/data/reports'
import { type MemberCall, reportKey, towardsGuest } from './store'

/** reportGuest: a report about another guest of the evening, at most REPORTS_PER_DAY a day, once per guest. */
export const reportGuest: MemberCall<typeof reportGuestCall> = async (context, member, input) => {
  const { firestore } = context
  const { night, uid, guest, now } = await towardsGuest(context, member, input)
  const id = reportKey(night.id, member.uid, uid)
  if (await reportFiled(firestore, id)) throw new HttpsError('already-exists', AFTER_MESSAGES.alreadyReported)
  if (!(await reportSlots.claim(firestore, member.uid, REPORTS_PER_DAY, now))) {
    throw new HttpsError('resource-exhausted', AFTER_MESSAGES.tooManyReports)
  }
  const record: ReportRecord = {
    night: night.id,
    event_id: night.night.event_id,
    event_date: night.night.event_date,
    city: night.night.city,
    reporter_uid: member.uid,
    reported_uid: uid,
    reported_name: guest.first_name,
    reason: input.reason,
    text: input.text,
    at: now,
    status: 'open',
  }
  try {
    await fileReport(firestore, id, record, now)
  } catch (error) {
    if (isAlreadyExists(error)) throw new HttpsError('already-exists', AFTER_MESSAGES.alreadyReported)
    throw error
  }
  return { reported: true }
}
