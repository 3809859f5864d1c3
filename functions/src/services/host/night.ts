/**
 * The evening after, from the console: who came (a host marks it where the door was not used, until
 * the morning after asks; an audited action of its own, never a door check-in), how the evening went
 * (ratings, comments, connections as a number), and the reports about guests of the host's cities,
 * each resolved with a step of the moderation ladder or dismissed with a reason. The reporter is
 * told it was looked at, never what was done; the reported member is never told who reported.
 */
import { isOpen } from '@yaari/domain/after-night-rules'
import type { RequestOf } from '@yaari/domain/callable'
import {
  HOST_MESSAGES,
  type markAttendanceCall,
  type NightSummary,
  type ReportEntry,
  type resolveReportCall,
} from '@yaari/domain/host'
import { mayHostCity, type Roles } from '@yaari/domain/roles'
import { eventStartInstant } from '@yaari/domain/schedule'
import type { Auth } from 'firebase-admin/auth'
import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import type { HostCaller } from '../../lib/auth'
import { type Context, clockAt, dateCall, type HostCall, nowOf } from '../../lib/context'
import { type BookingRecord, bookingRef, bookingsOfDate, readBooking } from '../../lib/data/bookings'
import { feedbackOfDate } from '../../lib/data/feedback'
import { createMailInBatch } from '../../lib/data/mail'
import { readStandings } from '../../lib/data/moderation'
import { readNight } from '../../lib/data/nights'
import { type ReportRecord, reportById, reportsAbout, reportsIn, resolveInBatch } from '../../lib/data/reports'
import { profileEmail } from '../../lib/data/user-profiles'
import { came } from '../after-night/nights'
import { auditInBatch, onDate } from '../audit'
import { memberMailRecord } from '../mail/outbox'
import { moderateMember } from './moderation'

const round1 = (n: number) => Math.round(n * 10) / 10

/** How the date's evening after stands, from its night record, its feedback and its bookings. */
export async function nightSummary(
  firestore: Firestore,
  eventId: string,
  date: string,
  bookings: readonly BookingRecord[],
): Promise<NightSummary> {
  const [night, feedback] = await Promise.all([
    readNight(firestore, eventId, date),
    feedbackOfDate(firestore, eventId, date),
  ])
  const ratings = feedback.map((record) => Number(record.rating)).filter((n) => n >= 1 && n <= 5)
  const improve = { venue: 0, group: 0, host: 0 }
  for (const record of feedback) {
    for (const item of record.improve ?? []) if (item in improve) improve[item]++
  }
  const asked = night?.asked_at !== undefined
  const guests = asked ? Object.keys(night.guests).length : bookings.filter(came).length
  return {
    state: !asked
      ? 'waiting'
      : guests === 0
        ? 'none'
        : isOpen({ eventDate: date, opened: true, closed: night.closed }, Date.now())
          ? 'open'
          : 'closed',
    came: guests,
    ratings: ratings.length,
    ...(ratings.length ? { average: round1(ratings.reduce((a, b) => a + b, 0) / ratings.length) } : {}),
    comments: feedback.map((record) => String(record.comment ?? '')).filter((comment) => comment !== ''),
    improve,
    connections: night?.connections ?? 0,
  }
}

/** markAttendance: a host marks a paid guest as come (or takes the mark back), from the evening's start until the morning after. */
export const markAttendance: HostCall<typeof markAttendanceCall> = async (context, host, input) => {
  const { firestore, event, now } = dateCall(context, input)
  if (now < eventStartInstant(input.eventDate, event.startTime).getTime()) {
    throw new HttpsError('failed-precondition', HOST_MESSAGES.attendanceTooEarly)
  }
  if ((await readNight(firestore, input.eventId, input.eventDate))?.asked_at !== undefined) {
    throw new HttpsError('failed-precondition', HOST_MESSAGES.attendanceClosed)
  }
  const booking = await readBooking(firestore, input.orderId)
  if (!booking || booking.event_id !== input.eventId || booking.event_date !== input.eventDate) {
    throw new HttpsError('not-found', HOST_MESSAGES.notThisDate)
  }
  if (booking.status !== 'confirmed') throw new HttpsError('failed-precondition', HOST_MESSAGES.notPaid)
  if (booking.checked_in_at !== undefined) throw new HttpsError('failed-precondition', HOST_MESSAGES.attendanceDoor)
  const changed = input.came !== (booking.came_marked !== undefined)
  if (changed) {
    const batch = firestore.batch()
    batch.update(bookingRef(firestore, booking.order_id), {
      came_marked: input.came ? { at: now, by: host.email ?? host.uid } : FieldValue.delete(),
    })
    auditInBatch(batch, firestore, host, {
      action: 'mark-attendance',
      about: onDate(event, input.eventDate),
      change: { member: booking.user_id, order: booking.order_id, came: input.came },
      at: now,
    })
    await batch.commit()
  }
  const bookings = await bookingsOfDate(firestore, input.eventId, input.eventDate)
  return { night: await nightSummary(firestore, input.eventId, input.eventDate, bookings), changed }
}

function toEntry(id: string, report: ReportRecord, earlier: ReportEntry['earlier']): Omit<ReportEntry, 'standing'> {
  return {
    reportId: id,
    eventId: report.event_id,
    eventDate: report.event_date,
    city: report.city,
    member: { uid: report.reported_uid, firstName: report.reported_name },
    reason: report.reason,
    text: report.text,
    at: new Date(report.at).toISOString(),
    status: report.status,
    ...(report.resolution
      ? {
          resolution: {
            action: report.resolution.action,
            reason: report.resolution.reason,
            by: report.resolution.by,
            at: new Date(report.resolution.at).toISOString(),
            ...(report.resolution.until ? { until: report.resolution.until } : {}),
          },
        }
      : {}),
    earlier,
  }
}

/** Records with their ids, as the entries name them. */
const asReports = (found: { id: string; record: ReportRecord }[]) =>
  found.map(({ id, record }) => ({ id, report: record }))

async function entriesFor(
  firestore: Firestore,
  roles: Roles,
  reports: { id: string; report: ReportRecord }[],
  now: number,
): Promise<ReportEntry[]> {
  const members = [...new Set(reports.map(({ report }) => report.reported_uid))]
  const [standings, histories] = await Promise.all([
    readStandings(firestore, members, now),
    // Every report about each member, for the history beside one (never who made them).
    Promise.all(members.map(async (uid) => [uid, asReports(await reportsAbout(firestore, uid))] as const)),
  ])
  const history = new Map(histories)
  return reports.map(({ id, report }) => {
    const standing = standings.get(report.reported_uid)
    // Earlier reports of the caller's cities only: a host sees nothing of another city's evenings.
    const earlier = (history.get(report.reported_uid) ?? [])
      .filter((other) => other.id !== id && mayHostCity(roles, other.report.city))
      .sort((a, b) => b.report.at - a.report.at)
      .map((other) => ({
        reportId: other.id,
        eventDate: other.report.event_date,
        reason: other.report.reason,
        status: other.report.status,
        at: new Date(other.report.at).toISOString(),
      }))
    return {
      ...toEntry(id, report, earlier),
      ...(standing
        ? {
            standing: {
              level: standing.level,
              reason: standing.reason,
              ...(standing.until ? { until: standing.until } : {}),
            },
          }
        : {}),
    }
  })
}

/** listReports: the reports of the caller's cities, open ones first, newest first. */
export async function listReports(
  context: Pick<Context, 'firestore' | 'now'>,
  { roles }: { roles: Roles },
): Promise<{ reports: ReportEntry[] }> {
  const { firestore } = context
  const now = nowOf(context)
  // An admin reads every city's; a host only theirs (at most 30 cities to a query, as Firestore's `in` allows).
  if (!roles.admin && roles.hostCities.length === 0) return { reports: [] }
  const mine = asReports(await reportsIn(firestore, roles.admin ? 'all' : roles.hostCities.slice(0, 30)))
    .filter(({ report }) => mayHostCity(roles, report.city))
    .sort(
      (a, b) => Number(b.report.status === 'open') - Number(a.report.status === 'open') || b.report.at - a.report.at,
    )
    .slice(0, 200)
  return { reports: await entriesFor(firestore, roles, mine, now) }
}

/**
 * resolveReport: a step of the ladder on the reported member (through moderateMember, with all of
 * its limits on what a host may do), or the report dismissed with a reason; the reporter is told
 * their report was looked at. A report already resolved is not resolved again.
 */
export async function resolveReport(
  context: Context & { auth: Pick<Auth, 'getUser'> },
  host: HostCaller,
  input: RequestOf<typeof resolveReportCall>,
): Promise<{ report: ReportEntry; changed: boolean }> {
  const { firestore } = context
  const now = nowOf(context)
  const id = input.reportId
  const report = await reportById(firestore, id)
  if (!report || !mayHostCity(host.roles, report.city)) throw new HttpsError('not-found', HOST_MESSAGES.reportNotFound)
  const answer = async (changed: boolean) => {
    const fresh = await reportById(firestore, id)
    if (!fresh) throw new HttpsError('not-found', HOST_MESSAGES.reportNotFound)
    const [entry] = await entriesFor(firestore, host.roles, [{ id, report: fresh }], now)
    return { report: entry!, changed }
  }
  if (report.status !== 'open') {
    if (report.resolution?.action === input.action && report.resolution.reason === input.reason.trim())
      return answer(false)
    throw new HttpsError('failed-precondition', HOST_MESSAGES.reportResolved)
  }
  const reason = input.reason.trim()
  if (input.action !== 'dismiss') {
    await moderateMember({ ...context, now: clockAt(now) }, host, {
      eventId: report.event_id,
      eventDate: report.event_date,
      uid: report.reported_uid,
      action: input.action,
      reason,
      ...(input.until ? { until: input.until } : {}),
    })
  }
  const resolution = {
    action: input.action,
    reason,
    by: host.email ?? host.uid,
    by_uid: host.uid,
    at: now,
    ...(input.until ? { until: input.until } : {}),
  }
  const batch = firestore.batch()
  resolveInBatch(batch, firestore, id, input.action === 'dismiss' ? 'dismissed' : 'resolved', resolution)
  auditInBatch(batch, firestore, host, {
    action: 'resolve-report',
    about: onDate({ id: report.event_id, city: report.city }, report.event_date),
    change: { report: id, member: report.reported_uid, action: input.action, reason },
    at: now,
  })
  const to = report.reporter_uid ? await profileEmail(firestore, report.reporter_uid) : undefined
  if (report.reporter_uid && to) {
    createMailInBatch(
      batch,
      firestore,
      `member_${report.reporter_uid}_report-reviewed_${id}`,
      memberMailRecord(
        { orderId: `member_${report.reporter_uid}`, to },
        { kind: 'report-reviewed', night: { event_id: report.event_id, event_date: report.event_date } },
        now,
      ),
    )
  }
  await batch.commit()
  return answer(true)
}
