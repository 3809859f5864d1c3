/**
 * What hosts send: every host request names one date of an event (`dateScoped`) and adds its own
 * fields, each with the message a host reads when it is wrong. The callables parse requests with
 * these, then check the event is ours and runs that day against the published catalogue
 * (`dateIssue`); the console's forms and routes check with them.
 */
import * as v from 'valibot'
import { eventDateSchema, orderIdField, venueBriefSchema } from '../booking'
import type { Catalogue } from '../catalogue'
import { dateIssue, eventIdField } from '../event-id'
import { describeIssues } from '../validation'

export const HOST_MESSAGES = {
  hostsOnly: 'Hosts only: this page is for the people who run Yaari’s events.',
  notYourCity: 'You do not host events in this city.',
  belowTaken: 'The capacity cannot go below the seats already taken.',
  confirmDate: 'Type the date (YYYY-MM-DD) to confirm the cancellation.',
  dateCancelled: 'This date is cancelled.',
  datePassed: 'This date has already taken place.',
  busy: 'Someone else is changing this date’s capacity. Try again in a moment.',
  notOnList: 'This member is not on this date’s guest list.',
  adminsOnly: 'Only an admin can do this.',
  untilPast: 'A suspension ends on a later day than today.',
  notThisDate: 'This booking is not on this date’s guest list.',
  notPaid: 'Only a paid seat can be cancelled here.',
  notYourself: 'You cannot moderate yourself.',
  notStaff: 'A host or an admin is moderated by the team, not from a guest list.',
  adminStanding: 'An admin set this member’s standing: only an admin can change it.',
  lowerStanding: 'This member already has a stronger standing: only an admin can lower it.',
  standingBusy:
    'This member’s standing is being changed by someone else right now. Open the guest list again and retry.',
  tooManyForDate: 'This date’s guests have had 3 messages today. Send the next one tomorrow.',
  tooManyForHost: 'You have sent 10 messages to guests today. Send the next one tomorrow.',
  subjectOneLine: 'The subject is one line.',
  attendanceClosed: 'The morning-after emails have gone: who came can no longer be changed.',
  attendanceTooEarly: 'Who came can be marked once the evening has started.',
  attendanceDoor: 'The door checked this guest in: that stands.',
  reportNotFound: 'No such report in your cities.',
  reportResolved: 'This report has already been resolved.',
} as const

/** The least and most seats a date may have. */
export const MIN_CAPACITY = 1
export const MAX_CAPACITY = 60

/** A reason a host gives, trimmed: `required` says it is missing, `tooLong` that it is over `max`. */
export function reasonField(required: string, max: number, tooLong = `The reason is at most ${max} characters.`) {
  return v.pipe(v.string('reason must be text'), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong))
}

/** A date of an event, as every host request names it. */
const dateEntries = {
  eventId: eventIdField('eventId: Unknown event'),
  eventDate: eventDateSchema,
}

/**
 * A request about one date: the date's fields and `entries`, no others (the event and its date
 * are checked against the catalogue by `dateIssue`). A request with checks of its own pipes this
 * into them.
 */
export function dateScoped<const Entries extends v.ObjectEntries>(entries: Entries) {
  return v.strictObject({ ...dateEntries, ...entries })
}

export const hostDateSchema = dateScoped({})

export const shareVenueSchema = dateScoped({ brief: venueBriefSchema })

/** What is wrong with a venue to share for a date of `catalogue`, in words (undefined when it may be shared). */
export function shareVenueProblem(catalogue: Catalogue, request: unknown): string | undefined {
  const parsed = v.safeParse(shareVenueSchema, request)
  return parsed.success ? dateIssue(catalogue, parsed.output, { dated: true }) : describeIssues(parsed.issues)
}

export const setCapacitySchema = dateScoped({
  capacity: v.pipe(
    v.number('capacity must be a number'),
    v.integer('capacity must be a whole number'),
    v.minValue(MIN_CAPACITY, `capacity must be at least ${MIN_CAPACITY}`),
    v.maxValue(MAX_CAPACITY, `capacity must be at most ${MAX_CAPACITY}`),
  ),
})

export const setSalesSchema = dateScoped({ open: v.boolean('open must be true or false') })

export const hostCancelDateSchema = v.pipe(
  dateScoped({
    /** The date typed again by the host: a cancellation is never one slip of a finger. */
    confirm: v.string('confirm must be text'),
    reason: reasonField('reason is required', 300, 'reason is at most 300 characters'),
  }),
  v.check((input) => input.confirm.trim() === input.eventDate, HOST_MESSAGES.confirmDate),
)

/** A host cancels one member's paid seat (after moderation, say): refunded in full, and told why. */
export const hostCancelSeatSchema = dateScoped({
  orderId: orderIdField,
  reason: reasonField('Please give the reason (the member is told).', 300),
})

/** A message to a date's guests: bounded, sent once per guest however often it is sent again. */
export const MESSAGE_SUBJECT_MAX = 120
export const MESSAGE_TEXT_MAX = 2000
/** New messages a date's guests get per day (IST), and a host may send per day: no mass-mail channel. */
export const MESSAGES_PER_DATE_PER_DAY = 3
export const MESSAGES_PER_HOST_PER_DAY = 10
export const messageGuestsSchema = dateScoped({
  /** Made by the console once per message: a repeat (a double tap, a retry) sends nothing more. */
  messageId: v.pipe(
    v.string('messageId must be text'),
    v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'messageId must be 8-64 letters, digits, _ or -'),
  ),
  subject: v.pipe(
    v.string('subject must be text'),
    v.check((subject) => !/[\r\n\u2028\u2029]/.test(subject.trim()), HOST_MESSAGES.subjectOneLine),
    v.trim(),
    v.nonEmpty('Please write a subject.'),
    v.maxLength(MESSAGE_SUBJECT_MAX, `The subject is at most ${MESSAGE_SUBJECT_MAX} characters.`),
  ),
  text: v.pipe(
    v.string('text must be text'),
    v.trim(),
    v.nonEmpty('Please write the message.'),
    v.maxLength(MESSAGE_TEXT_MAX, `The message is at most ${MESSAGE_TEXT_MAX} characters.`),
  ),
})

/** The moderation ladder of the community guidelines. */
export const MODERATION_ACTIONS = ['warn', 'suspend', 'ban'] as const
export type ModerationAction = (typeof MODERATION_ACTIONS)[number]
export const MODERATION_LABELS: Record<ModerationAction, string> = {
  warn: 'First Warning',
  suspend: 'Temporary Suspension',
  ban: 'Permanent Ban',
}

/** Until when a suspension lasts (the last day, IST); only for suspend. */
const suspensionUntil = v.optional(
  v.pipe(v.string('until must be a date'), v.isoDate('until must be a date (YYYY-MM-DD)')),
)

/** A step of the moderation ladder as a request takes it: a suspension names the day it ends, nothing else does. */
function withSuspensionEnd<const Request extends v.GenericSchema<unknown, { action: string; until?: string }>>(
  request: Request,
) {
  return v.pipe(
    request,
    v.check(
      (input: v.InferOutput<Request>) => input.action !== 'suspend' || input.until !== undefined,
      'A suspension needs the date it ends.',
    ),
    v.check(
      (input: v.InferOutput<Request>) => input.action === 'suspend' || input.until === undefined,
      'Only a suspension has an end date.',
    ),
  )
}

/** Moderation from a guest-list row: the member must be on that date's list. */
export const moderateMemberSchema = withSuspensionEnd(
  dateScoped({
    uid: v.pipe(v.string('uid must be text'), v.regex(/^[A-Za-z0-9_-]{1,128}$/, 'uid is not a member id')),
    action: v.picklist(MODERATION_ACTIONS, 'action must be warn, suspend or ban'),
    reason: reasonField('Please give the reason (the member is told).', 500),
    until: suspensionUntil,
  }),
)

/** An admin lifts a member's suspension or ban (or clears a warning). */
export const liftModerationSchema = v.strictObject({
  uid: v.pipe(v.string('uid must be text'), v.regex(/^[A-Za-z0-9_-]{1,128}$/, 'uid is not a member id')),
  reason: reasonField('Please give the reason.', 500),
})

/** Where a member's standing lives: { level, until?, reason, at }. */
export const moderationPath = (uid: string) => `moderation/${uid}`

/** Where a date's host settings live: { seat_numbers (never fewer than the catalogue's capacity), sales_closed }. */
export const dateSettingsPath = (eventId: string, date: string) => `date_settings/${eventId}_${date}`

/** A host marks who came, where the door was not used: a paid guest of the date, came or not. */
export const markAttendanceSchema = dateScoped({
  orderId: orderIdField,
  came: v.boolean('came must be true or false'),
})

/** How a host resolves a report: a step of the ladder, or dismissing it. */
const REPORT_RESOLUTIONS = [...MODERATION_ACTIONS, 'dismiss'] as const
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number]

export const resolveReportSchema = withSuspensionEnd(
  v.strictObject({
    reportId: v.pipe(v.string('reportId must be text'), v.regex(/^[A-Za-z0-9_-]{1,128}$/, 'reportId is not a report')),
    action: v.picklist(REPORT_RESOLUTIONS, 'action must be warn, suspend, ban or dismiss'),
    reason: reasonField('Please give the reason.', 500),
    until: suspensionUntil,
  }),
)
