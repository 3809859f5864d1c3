/**
 * A date's help, as its hosts see it: who coordinates it (chosen among the city's hosts, whose
 * accounts are read now, so a revoked host is neither offered nor told), the guests' alerts with
 * their names and numbers, and the answer a coordinator gives ("Priya is on her way", or seen).
 */
import type { RequestOf } from '@yaari/domain/callable'
import {
  type answerAlertCall,
  type DateHelp,
  type getDateHelpCall,
  HELP_MESSAGES,
  type HostAlertView,
  type setCoordinatorsCall,
} from '@yaari/domain/help'
import { HttpsError } from 'firebase-functions/v2/https'
import type { HostCaller } from '../../lib/auth'
import { type Context, dateCall, nowOf } from '../../lib/context'
import { type AlertRecord, alertsOfDate, changeAlert } from '../../lib/data/alerts'
import { readCoordinators, writeCoordinators } from '../../lib/data/date-settings'
import { readProfiles } from '../../lib/data/user-profiles'
import { type AccountLister, staffOf } from '../../lib/staff'
import { onDate, recordAudit } from '../audit'
import { memberView } from './alerts'

type StaffContext = Context & { auth: AccountLister }

function hostView(id: string, record: AlertRecord, mobile: string | undefined): HostAlertView {
  return {
    ...memberView(id.slice(record.order_id.length + 1), record),
    guestName: record.guest_name,
    ...(mobile ? { mobile } : {}),
    escalated: record.escalated_at !== undefined,
    ...(record.answer ? { answeredBy: record.answer.by_name } : {}),
  }
}

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
    staffOf(context.auth, context.catalogue, event.city),
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
  const { firestore, event } = dateCall(context, input)
  const now = nowOf(context)
  const found = (await alertsOfDate(firestore, event.id, input.eventDate)).find(({ id }) =>
    id.endsWith(`_${input.alertId}`),
  )
  if (!found) throw new HttpsError('not-found', HELP_MESSAGES.unknownAlert)
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
