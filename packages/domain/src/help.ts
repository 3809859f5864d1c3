/**
 * Help at the venue: who coordinates a date (one or more of its city's hosts), and a guest's alert
 * to them during the evening, with its reason, its answer and when. What the app and the functions
 * both say about it, and the calls around it. No member ever sees another's alert.
 */
import * as v from 'valibot'
import { AFTER_MESSAGES, reportFields } from './after-night'
import { orderIdField } from './booking'
import { contract } from './callable'
import { dateScoped } from './host/schemas'
import { ACCOUNT_MESSAGES } from './profile'

export const HELP_REASONS = ['unsafe', 'medical', 'lost', 'other'] as const
export type HelpReason = (typeof HELP_REASONS)[number]
export const HELP_REASON_LABELS: Record<HelpReason, string> = {
  unsafe: 'I feel unsafe',
  medical: 'Medical',
  lost: 'I can’t find the group',
  other: 'Something else',
}

/** Alerts a member may raise in an hour (a script, or a pocket tapping, is refused politely after). */
export const ALERTS_PER_HOUR = 3
/** An alert no coordinator answered within this long is sent to the admins too. */
export const ANSWER_WITHIN_MS = 3 * 60_000
/** Coordinators a date may have. */
const MAX_COORDINATORS = 4
const MAX_NOTE_LENGTH = 300

export const HELP_MESSAGES = {
  needHelp: 'Need help?',
  alert: 'Alert the coordinator',
  sent: 'Your coordinator has been alerted.',
  queued: 'You’re offline: your alert is saved on this phone and is sent the moment you’re back online.',
  seen: 'Seen by the team',
  cancelled: 'Alert cancelled.',
  tooMany:
    'You’ve sent three alerts in the last hour. If you need help now, call the coordinator, 112 or our 24/7 line.',
  notTonight: 'Alerting the coordinator opens during the evening of your booking.',
  noSeat: 'Only a guest with a paid seat for this evening can alert its coordinator.',
  unknownAlert: 'We couldn’t find this alert.',
  notCoordinator: 'Choose coordinators among this city’s hosts.',
  coordinating: 'You are coordinating tonight',
  coordinatingDate: 'You are coordinating this date',
  reportAbout: 'Choose the guest of this date the report is about.',
  notTheCaller: 'A report from an alert is about another guest than the one who asked for help.',
  alreadyReported: 'This alert has been turned into a report already.',
  reported: 'Turned into a report: it is with the reports for a host to resolve.',
} as const

/** What a coordinator reads on a date's pages: "tonight" on the date itself (the IST day `today`). */
export const coordinatingWords = (date: string, today: string) =>
  date === today ? HELP_MESSAGES.coordinating : HELP_MESSAGES.coordinatingDate

/** "Priya is on her way": the coordinator's first name, and their pronoun when their profile says. */
export function onTheirWay(firstName: string, gender?: string): string {
  const pronoun = gender === 'female' ? 'her' : gender === 'male' ? 'his' : 'their'
  return `${firstName} is on ${pronoun} way`
}

/** An alert's id as the member's phone makes it (so a queued alert sent twice is one alert). */
const alertIdSchema = v.pipe(
  v.string('alertId must be text'),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'alertId: 8 to 64 letters, digits, - or _'),
)

export const raiseAlertSchema = v.strictObject({
  orderId: orderIdField,
  alertId: alertIdSchema,
  reason: v.picklist(HELP_REASONS, 'Choose what is happening'),
  note: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(MAX_NOTE_LENGTH, `A note is at most ${MAX_NOTE_LENGTH} characters`)),
  ),
})

export const ALERT_STATES = ['open', 'answered', 'cancelled'] as const
type AlertState = (typeof ALERT_STATES)[number]
export const ALERT_ANSWERS = ['coming', 'seen'] as const

/** An alert as the member who raised it sees it. */
export interface MemberAlertView {
  alertId: string
  orderId: string
  reason: HelpReason
  note?: string
  state: AlertState
  /** ISO times. */
  raisedAt: string
  /** The answer, in words ("Priya is on her way", "Seen by the team"), and when. */
  answer?: { words: string; at: string }
}

/** An alert as the date's coordinators and hosts see it. */
export interface HostAlertView extends MemberAlertView {
  /** The guest's name and mobile, to find and call them. */
  guestName: string
  mobile?: string
  /** Sent on to the admins: nobody answered within ANSWER_WITHIN_MS. */
  escalated: boolean
  answeredBy?: string
  /** A host turned it into a report (listed with the reports). */
  reported?: true
}

export interface CoordinatorView {
  uid: string
  name: string
}

export const raiseAlertCall = contract<typeof raiseAlertSchema, { alert: MemberAlertView }>(
  'raiseAlert',
  raiseAlertSchema,
  [HELP_MESSAGES, ACCOUNT_MESSAGES],
)

const cancelAlertSchema = v.strictObject({ alertId: alertIdSchema })
export const cancelAlertCall = contract<typeof cancelAlertSchema, { alert: MemberAlertView }>(
  'cancelAlert',
  cancelAlertSchema,
  [HELP_MESSAGES, ACCOUNT_MESSAGES],
)

const myAlertsSchema = v.strictObject({ orderId: orderIdField })
export const listMyAlertsCall = contract<typeof myAlertsSchema, { alerts: MemberAlertView[] }>(
  'listMyAlerts',
  myAlertsSchema,
  [HELP_MESSAGES, ACCOUNT_MESSAGES],
)

const setCoordinatorsSchema = dateScoped({
  coordinators: v.pipe(
    v.array(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,128}$/, 'coordinators: unknown host'))),
    v.maxLength(MAX_COORDINATORS, `At most ${MAX_COORDINATORS} coordinators`),
  ),
})
export const setCoordinatorsCall = contract<typeof setCoordinatorsSchema, { coordinators: CoordinatorView[] }>(
  'setCoordinators',
  setCoordinatorsSchema,
  [HELP_MESSAGES],
)

const dateAlertsSchema = dateScoped({})
export interface DateHelp {
  alerts: HostAlertView[]
  coordinators: CoordinatorView[]
  /** The city's hosts a coordinator may be chosen among. */
  hosts: CoordinatorView[]
  /** The caller coordinates this date. */
  youCoordinate: boolean
  readAt: string
}
export const getDateHelpCall = contract<typeof dateAlertsSchema, DateHelp>('getDateHelp', dateAlertsSchema, [
  HELP_MESSAGES,
])

const answerAlertSchema = dateScoped({ alertId: alertIdSchema, answer: v.picklist(ALERT_ANSWERS, 'Unknown answer') })
export const answerAlertCall = contract<typeof answerAlertSchema, { alert: HostAlertView }>(
  'answerAlert',
  answerAlertSchema,
  [HELP_MESSAGES],
)

/** A host turns an alert into a report about a paid guest of the date (`orderId`, their booking). */
const reportAlertSchema = dateScoped({ alertId: alertIdSchema, orderId: orderIdField, ...reportFields })
export const reportAlertCall = contract<typeof reportAlertSchema, { alert: HostAlertView }>(
  'reportAlert',
  reportAlertSchema,
  [HELP_MESSAGES, AFTER_MESSAGES],
)

/** The coordinators' side: a host's callables (anyone else is refused before the input is read). */
export const HELP_HOST_CALLABLES = [setCoordinatorsCall, getDateHelpCall, answerAlertCall, reportAlertCall] as const

export const HELP_CALLABLES = [raiseAlertCall, cancelAlertCall, listMyAlertsCall, ...HELP_HOST_CALLABLES] as const
