/**
 * A guest's alert to their date's coordinators: raised during the evening by a guest holding a
 * paid seat for it (three an hour at most), told at once to the coordinators whose accounts still
 * host the city (a push to their phones, and the banner their console and door screens poll),
 * cancelled by the guest, answered by a coordinator, and sent on to the admins when nobody answered
 * within ANSWER_WITHIN_MS. Each step goes to the audit log. No member ever reads another's alert.
 */
import type { ParsedRequestOf } from '@yaari/domain/callable'
import type { YaariEvent } from '@yaari/domain/catalogue'
import { doorWindow } from '@yaari/domain/door'
import {
  ALERTS_PER_HOUR,
  ANSWER_WITHIN_MS,
  type cancelAlertCall,
  HELP_MESSAGES,
  HELP_REASON_LABELS,
  type listMyAlertsCall,
  type MemberAlertView,
  onTheirWay,
  type raiseAlertCall,
} from '@yaari/domain/help'
import { firstNameOf } from '@yaari/domain/names'
import { HttpsError } from 'firebase-functions/v2/https'
import { type Context, type Member, nowOf } from '../../lib/context'
import { alertSlots } from '../../lib/data/alert-slots'
import {
  type AlertRecord,
  alertDocId,
  alertsOfBooking,
  alertsOfMember,
  changeAlert,
  createAlert,
  raisedSince,
  readAlert,
  unansweredSince,
} from '../../lib/data/alerts'
import { readBooking } from '../../lib/data/bookings'
import { readCoordinators } from '../../lib/data/date-settings'
import { type AccountLister, type StaffMember, staffOf } from '../../lib/staff'
import { onDate, recordAudit } from '../audit'
import { tell } from '../notifications/member-notifications'

const HOUR = 3_600_000

export interface HelpContext extends Context {
  auth: AccountLister
  /** The server's time for a date's evening (the local stack may set a date's clock); else the context's. */
  nightNow?: (eventId: string, date: string) => Promise<number>
  /**
   * Pushes a notification told at `now`, without waiting for the delivery job (its next run
   * retries); told on a date's own clock, it is pushed on that clock.
   */
  pushNow: (notificationId: string, now: number) => Promise<void>
}

/** The alert as the member who raised it reads it. */
export function memberView(alertId: string, record: AlertRecord): MemberAlertView {
  return {
    alertId,
    orderId: record.order_id,
    reason: record.reason,
    ...(record.note ? { note: record.note } : {}),
    state: record.state,
    raisedAt: new Date(record.raised_at).toISOString(),
    ...(record.answer
      ? {
          answer: {
            words:
              record.answer.kind === 'coming'
                ? onTheirWay(firstNameOf(record.answer.by_name) ?? record.answer.by_name, record.answer.by_gender)
                : HELP_MESSAGES.seen,
            at: new Date(record.answer.at).toISOString(),
          },
        }
      : {}),
  }
}

/** The member's paid booking `orderId` and its event, or the refusal (which says nothing of anyone else's). */
async function guestsBooking(context: Context, member: Member, orderId: string) {
  const booking = await readBooking(context.firestore, orderId)
  const event = booking ? context.catalogue.eventById(booking.event_id) : undefined
  if (!booking || booking.user_id !== member.uid || booking.status !== 'confirmed' || !event) {
    throw new HttpsError('permission-denied', HELP_MESSAGES.noSeat)
  }
  return { booking, event }
}

/**
 * Who is told of a date's alert: its coordinators who still host the city, else every host of the
 * city, else (a city only admins host) the admins: never nobody.
 */
async function whoToTell(context: HelpContext, event: YaariEvent, date: string): Promise<StaffMember[]> {
  const [chosen, staff] = await Promise.all([
    readCoordinators(context.firestore, event.id, date),
    staffOf(context.auth, context.catalogue, event.city),
  ])
  const hosts = new Map(staff.hosts.map((host) => [host.uid, host]))
  const coordinators = chosen.flatMap((uid) => hosts.get(uid) ?? [])
  if (coordinators.length > 0) return coordinators
  const cityHosts = staff.hosts.filter((host) => !staff.admins.some((a) => a.uid === host.uid))
  return cityHosts.length > 0 ? cityHosts : staff.admins
}

/** Tells `people` of the alert, and pushes it to their phones now. */
async function alertStaff(
  context: HelpContext,
  people: readonly StaffMember[],
  { id, record, event, escalated }: { id: string; record: AlertRecord; event: YaariEvent; escalated: boolean },
  now: number,
) {
  const close = doorWindow(event, record.event_date).closes
  const reason = HELP_REASON_LABELS[record.reason]
  const guest = firstNameOf(record.guest_name) ?? record.guest_name
  for (const person of people) {
    const notificationId = `alert-${id}-${escalated ? 'admin-' : ''}${person.uid}`
    const told = await tell(
      context.firestore,
      {
        id: notificationId,
        uid: person.uid,
        kind: 'help',
        title: `${escalated ? 'No answer yet: ' : ''}${guest} needs help (${reason})`,
        body: `${event.title}${record.note ? `: ${record.note}` : ''}`,
        url: `/host/${event.id}/${record.event_date}`,
        tag: `alert-${id}`,
        about: record.user_id,
        critical: true,
        until: Math.max(close, now + HOUR),
      },
      now,
    )
    if (told) await context.pushNow(notificationId, now).catch(() => undefined)
  }
}

/** raiseAlert: a guest at the venue asks their coordinator for help. */
export async function raiseAlert(
  context: HelpContext,
  member: Member,
  input: ParsedRequestOf<typeof raiseAlertCall>,
): Promise<{ alert: MemberAlertView }> {
  const { firestore } = context
  const { booking, event } = await guestsBooking(context, member, input.orderId)
  const now = context.nightNow ? await context.nightNow(event.id, booking.event_date) : nowOf(context)
  const id = alertDocId(input.orderId, input.alertId)
  // The same alert sent again (a queued one, a retried call): the one already raised, told again
  // while open (a notice's id is fixed, so nobody is told twice; a call cut off after raising it
  // has told everyone once this one returns).
  const earlier = await readAlert(firestore, id)
  if (earlier) {
    if (earlier.state === 'open' && earlier.escalated_at === undefined) {
      await alertStaff(
        context,
        await whoToTell(context, event, booking.event_date),
        {
          id,
          record: earlier,
          event,
          escalated: false,
        },
        earlier.raised_at,
      )
    }
    return { alert: memberView(input.alertId, earlier) }
  }
  const window = doorWindow(event, booking.event_date)
  if (now < window.opens || now > window.closes) throw new HttpsError('failed-precondition', HELP_MESSAGES.notTonight)
  // The last hour's alerts, and a slot of this clock hour's: alerts sent at once pass neither together.
  if (
    (await raisedSince(firestore, member.uid, now - HOUR)) >= ALERTS_PER_HOUR ||
    !(await alertSlots.claim(firestore, member.uid, ALERTS_PER_HOUR, now))
  ) {
    throw new HttpsError('resource-exhausted', HELP_MESSAGES.tooMany)
  }
  const name = typeof booking.attendee.name === 'string' ? booking.attendee.name : 'A guest'
  const { record, created } = await createAlert(
    firestore,
    id,
    {
      user_id: member.uid,
      order_id: booking.order_id,
      event_id: event.id,
      event_date: booking.event_date,
      guest_name: name,
      reason: input.reason,
      ...(input.note ? { note: input.note } : {}),
      state: 'open',
      raised_at: now,
    },
    now,
  )
  if (created) {
    await recordAudit(firestore, member, {
      action: 'raise-alert',
      about: onDate(event, booking.event_date),
      change: { alert: id, reason: input.reason },
      at: now,
    })
    const people = await whoToTell(context, event, booking.event_date)
    await alertStaff(context, people, { id, record, event, escalated: false }, now)
  }
  return { alert: memberView(input.alertId, record) }
}

/** cancelAlert: the guest takes their alert back (one answered stays answered). */
export async function cancelAlert(
  context: Context,
  member: Member,
  input: ParsedRequestOf<typeof cancelAlertCall>,
): Promise<{ alert: MemberAlertView }> {
  const now = nowOf(context)
  const mine = await ownAlert(context, member, input.alertId)
  const record = await changeAlert(context.firestore, mine.id, (alert) =>
    alert.state === 'open' ? { state: 'cancelled', cancelled_at: now } : undefined,
  )
  if (!record) throw new HttpsError('not-found', HELP_MESSAGES.unknownAlert)
  const event = context.catalogue.eventById(record.event_id)
  if (event && record.cancelled_at === now) {
    await recordAudit(context.firestore, member, {
      action: 'cancel-alert',
      about: onDate(event, record.event_date),
      change: { alert: mine.id },
      at: now,
    })
  }
  return { alert: memberView(input.alertId, record) }
}

/** Of `found`, the alert with the id the guest's phone gave it, or "not found" (whoever's else it is). */
export function alertNamed<T extends { id: string }>(found: readonly T[], alertId: string): T {
  const alert = found.find(({ id }) => id.endsWith(`_${alertId}`))
  if (!alert) throw new HttpsError('not-found', HELP_MESSAGES.unknownAlert)
  return alert
}

/** The member's own alert by the id their phone gave it (any other's is "not found"). */
const ownAlert = async (context: Context, member: Member, alertId: string) =>
  alertNamed(await alertsOfMember(context.firestore, member.uid), alertId)

/** listMyAlerts: the member's alerts about one of their bookings, newest first, with their answers. */
export async function listMyAlerts(
  context: Context,
  member: Member,
  input: ParsedRequestOf<typeof listMyAlertsCall>,
): Promise<{ alerts: MemberAlertView[] }> {
  const found = await alertsOfBooking(context.firestore, member.uid, input.orderId)
  return { alerts: found.map(({ id, record }) => memberView(id.slice(input.orderId.length + 1), record)) }
}

/**
 * The escalation job (every minute): an alert nobody answered within ANSWER_WITHIN_MS is told to
 * the admins, once.
 */
export async function escalateAlerts(context: HelpContext): Promise<{ escalated: number }> {
  const now = nowOf(context)
  let escalated = 0
  for (const { id, record } of await unansweredSince(context.firestore, now - ANSWER_WITHIN_MS)) {
    const event = context.catalogue.eventById(record.event_id)
    if (!event || (await readAlert(context.firestore, id))?.state !== 'open') continue
    // The admins are told first, then the alert marked: a run cut off between them leaves it for the
    // next run, which tells nobody twice (a notice's id is fixed) and marks it.
    const staff = await staffOf(context.auth, context.catalogue, event.city)
    await alertStaff(context, staff.admins, { id, record, event, escalated: true }, now)
    const marked = await changeAlert(context.firestore, id, (alert) =>
      alert.escalated_at === undefined ? { escalated_at: now } : undefined,
    )
    if (marked?.escalated_at !== now) continue
    await recordAudit(
      context.firestore,
      { command: 'escalateAlerts' },
      {
        action: 'escalate-alert',
        about: onDate(event, record.event_date),
        change: { alert: id, admins: staff.admins.length },
        at: now,
      },
    )
    escalated += 1
  }
  return { escalated }
}
