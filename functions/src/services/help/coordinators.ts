/**
 * A date's help, as its hosts see it: who coordinates it (chosen among the city's hosts, whose
 * accounts are read now, so a revoked host is neither offered nor told), the guests' alerts with
 * their names and numbers, and the answer a coordinator gives ("Priya is on her way", or seen);
 * after, a host may turn an alert into a report about a guest of the date, for the reports' ladder.
 */
import { createHash } from 'node:crypto'
import { nightId } from '@yaari/domain/after-night-rules'
import type { ParsedRequestOf, RequestOf } from '@yaari/domain/callable'
import {
  type answerAlertCall,
  type DateHelp,
  type getDateHelpCall,
  HELP_MESSAGES,
  type HostAlertView,
  type reportAlertCall,
  type setCoordinatorsCall,
} from '@yaari/domain/help'
import { firstNameOf } from '@yaari/domain/names'
import { HttpsError } from 'firebase-functions/v2/https'
import type { HostCaller } from '../../lib/auth'
import { type Context, dateCall, nowOf } from '../../lib/context'
import { type AlertRecord, alertsOfDate, changeAlert, markReportedIn } from '../../lib/data/alerts'
import { readBooking } from '../../lib/data/bookings'
import { readCoordinators, writeCoordinators } from '../../lib/data/date-settings'
import { fileReportIn, type ReportRecord } from '../../lib/data/reports'
import { readProfiles } from '../../lib/data/user-profiles'
import { type AccountLister, POLL_REUSE_MS, staffOf } from '../../lib/staff'
import { onDate, recordAudit } from '../audit'
import { alertNamed, memberView } from './alerts'

type StaffContext = Context & { auth: AccountLister }

function hostView(id: string, record: AlertRecord, mobile: string | undefined): HostAlertView {
  return {
    ...memberView(id.slice(record.order_id.length + 1), record),
    guestName: record.guest_name,
    ...(mobile ? { mobile } : {}),
    escalated: record.escalated_at !== undefined,
    ...(record.answer ? { answeredBy: record.answer.by_name } : {}),
    ...(record.report_id ? { reported: true as const } : {}),
  }
}

/** The date's alert `alertId` (its document id and record), or not found. */
const dateAlert = async (firestore: Context['firestore'], eventId: string, date: string, alertId: string) =>
  alertNamed(await alertsOfDate(firestore, eventId, date), alertId)

/** setCoordinators: who coordinates the date, among the city's hosts. */
export async function setCoordinators(
  context: StaffContext,
  host: HostCaller,
  input: RequestOf<typeof setCoordinatorsCall>,
): Promise<{ coordinators: { uid: string; name: string }[] }> {
  const { firestore, event, now } = dateCall(context, input)
  const staff = await staffOf(context.auth, context.catalogue, event.city)
  const hosts = new Map(staff.hosts.map((member) => [member.uid, member]))
  const chosen = [...new Set(input.coordinators)]
  if (chosen.some((uid) => !hosts.has(uid))) throw new HttpsError('invalid-argument', HELP_MESSAGES.notCoordinator)
  await writeCoordinators(firestore, event.id, input.eventDate, chosen, now)
  await recordAudit(firestore, host, {
    action: 'set-coordinators',
    about: onDate(event, input.eventDate),
    change: { coordinators: chosen },
    at: now,
  })
  return { coordinators: chosen.flatMap((uid) => hosts.get(uid) ?? []) }
}

/** getDateHelp: the date's alerts, its coordinators, the hosts to choose from, and whether the caller coordinates. */
export async function getDateHelp(
  context: StaffContext,
  host: HostCaller,
  input: RequestOf<typeof getDateHelpCall>,
): Promise<DateHelp> {
  const { firestore, event, now } = dateCall(context, input)
  const [alerts, chosen, staff] = await Promise.all([
    alertsOfDate(firestore, event.id, input.eventDate),
    readCoordinators(firestore, event.id, input.eventDate),
    // Asked every 1.5 s by each open screen: the team as read within the last half minute will do.
    staffOf(context.auth, context.catalogue, event.city, { reuseWithinMs: POLL_REUSE_MS }),
  ])
  const profiles = await readProfiles(firestore, [...new Set(alerts.map(({ record }) => record.user_id))])
  const hosts = new Map(staff.hosts.map((member) => [member.uid, member]))
  const coordinators = chosen.flatMap((uid) => hosts.get(uid) ?? [])
  return {
    alerts: alerts.map(({ id, record }) => hostView(id, record, profiles.get(record.user_id)?.mobile)),
    coordinators,
    hosts: staff.hosts,
    youCoordinate: coordinators.some((member) => member.uid === host.uid),
    readAt: new Date(now).toISOString(),
  }
}

/** answerAlert: a host of the date answers an alert, once (the first answer stands). */
export async function answerAlert(
  context: StaffContext,
  host: HostCaller,
  input: RequestOf<typeof answerAlertCall>,
): Promise<{ alert: HostAlertView }> {
  const { firestore, event, now } = dateCall(context, input)
  const found = await dateAlert(firestore, event.id, input.eventDate, input.alertId)
  const [profiles, staff] = await Promise.all([
    readProfiles(firestore, [host.uid, found.record.user_id]),
    staffOf(context.auth, context.catalogue, event.city),
  ])
  const name = staff.hosts.find((member) => member.uid === host.uid)?.name ?? host.email ?? 'Your coordinator'
  const gender = profiles.get(host.uid)?.gender
  const record = await changeAlert(firestore, found.id, (alert) =>
    alert.state === 'open'
      ? {
          state: 'answered',
          answer: {
            kind: input.answer,
            by_uid: host.uid,
            by_name: name,
            ...(gender ? { by_gender: gender } : {}),
            at: now,
          },
        }
      : undefined,
  )
  if (!record) throw new HttpsError('not-found', HELP_MESSAGES.unknownAlert)
  if (record.answer?.at === now && record.answer.by_uid === host.uid) {
    await recordAudit(firestore, host, {
      action: 'answer-alert',
      about: onDate(event, input.eventDate),
      change: { alert: found.id, answer: input.answer },
      at: now,
    })
  }
  return { alert: hostView(found.id, record, profiles.get(found.record.user_id)?.mobile) }
}

/**
 * reportAlert: a host of the date turns a guest's alert into a report about another paid guest of
 * it, on the guest's behalf (they are the reporter: told when it is looked at, never named to the
 * hosts who resolve it). Once per alert; the alert says it was.
 */
export async function reportAlert(
  context: Context,
  host: HostCaller,
  input: ParsedRequestOf<typeof reportAlertCall>,
): Promise<{ alert: HostAlertView }> {
  const { firestore, event, now } = dateCall(context, input)
  const found = await dateAlert(firestore, event.id, input.eventDate, input.alertId)
  if (found.record.report_id) throw new HttpsError('already-exists', HELP_MESSAGES.alreadyReported)
  const about = await readBooking(firestore, input.orderId)
  if (
    about?.status !== 'confirmed' ||
    about.event_id !== event.id ||
    about.event_date !== input.eventDate ||
    !about.user_id
  ) {
    throw new HttpsError('invalid-argument', HELP_MESSAGES.reportAbout)
  }
  if (about.user_id === found.record.user_id) throw new HttpsError('invalid-argument', HELP_MESSAGES.notTheCaller)
  const reportId = createHash('sha256').update(`report-alert:${found.id}`).digest('hex').slice(0, 20)
  const name = typeof about.attendee.name === 'string' ? about.attendee.name : 'A guest'
  const report: ReportRecord = {
    night: nightId(event.id, input.eventDate),
    event_id: event.id,
    event_date: input.eventDate,
    city: event.city,
    reporter_uid: found.record.user_id,
    reported_uid: about.user_id,
    reported_name: firstNameOf(name) ?? name,
    reason: input.reason,
    text: input.text,
    at: now,
    status: 'open',
    alert: found.id,
  }
  // The report and the alert's mark in one transaction: two hosts at once file one report, and a
  // report never half-made leaves the alert saying it was.
  const record = await firestore.runTransaction(async (transaction) => {
    const marked = await markReportedIn(transaction, firestore, found.id, reportId)
    if (marked) fileReportIn(transaction, firestore, reportId, report, now)
    return marked
  })
  if (!record) throw new HttpsError('already-exists', HELP_MESSAGES.alreadyReported)
  await recordAudit(firestore, host, {
    action: 'report-alert',
    about: onDate(event, input.eventDate),
    change: { alert: found.id, report: reportId, reason: input.reason },
    at: now,
  })
  const profiles = await readProfiles(firestore, [found.record.user_id])
  return { alert: hostView(found.id, record, profiles.get(found.record.user_id)?.mobile) }
}
