/**
 * After the night: the morning after a date, every guest who came is asked how it went, may pick
 * the other guests they would meet again, and may report one. Two guests who pick each other are a
 * connection, and each sees the contact the other chose to share. A pick is told to nobody; a block
 * hides two members from each other for good. Everything is about one date the member came to
 * (checked in at the door, or marked as come by a host), and only while its window is open.
 *
 * Here: what members send (these schemas) and are answered, and the words; the functions keep the
 * records and the app shows them, both from these. The rules (the window, the mutual match, who a
 * member sees) are after-night-rules.ts.
 */
import * as v from 'valibot'
import { AFTER_WINDOW_DAYS } from './after-night-rules'
import { orderIdField as orderId, orderIdSchema } from './booking'
import { contract as callable } from './callable'
import { MAX_EMAIL_LENGTH } from './profile'
import { noInputSchema } from './validation'

/** The longest comment on an evening. */
export const COMMENT_MAX = 1000
/** The longest report. */
export const REPORT_TEXT_MAX = 2000
/** Reports one member may make in a day (IST): past that, the team is reached by phone or email. */
export const REPORTS_PER_DAY = 5

export const AFTER_MESSAGES = {
  notAGuest: 'Only the guests who came to this evening can do this.',
  notOpenYet: 'This opens the morning after the evening.',
  closed: `This evening closed ${AFTER_WINDOW_DAYS} days after it: feedback, picks and reports are no longer taken.`,
  notYourself: 'You cannot pick or report yourself.',
  unknownGuest: 'This person was not a guest at this evening.',
  alreadyReported: 'You have already reported this guest for this evening.',
  tooManyReports: `You have sent ${REPORTS_PER_DAY} reports today. If you are in danger, call 108; to reach our team, use the 24/7 contact on the Safety page.`,
  noConnection: 'This connection no longer exists.',
  ratingRequired: 'Please rate the evening from 1 to 5.',
  commentTooLong: `The comment is at most ${COMMENT_MAX} characters.`,
  reportReason: 'Please choose a reason.',
  reportText: 'Please tell us what happened.',
  reportTooLong: `The report is at most ${REPORT_TEXT_MAX} characters.`,
  instagram: 'Please enter an Instagram handle (letters, numbers, dots and underscores)',
  whatsapp: 'Please enter a valid 10-digit mobile number',
  email: 'Please enter a valid email address',
  contactRequired: 'Please enter what you want to share, or choose to share nothing',
} as const

/** What to improve, ticked on the feedback form. */
export const IMPROVE_OPTIONS = ['venue', 'group', 'host'] as const
export type ImproveOption = (typeof IMPROVE_OPTIONS)[number]
export const IMPROVE_LABELS: Record<ImproveOption, string> = {
  venue: 'The venue',
  group: 'The group',
  host: 'The host',
}

/** Why a guest is reported. */
export const REPORT_REASONS = ['unsafe', 'harassment', 'disrespect', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  unsafe: 'Made me feel unsafe',
  harassment: 'Harassment',
  disrespect: 'Did not respect the group',
  other: 'Other',
}

/** What a member shares with their connections: nothing by default. */
export const CONTACT_KINDS = ['none', 'instagram', 'whatsapp', 'email'] as const
export type ContactKind = (typeof CONTACT_KINDS)[number]
export const CONTACT_LABELS: Record<ContactKind, string> = {
  none: 'Nothing',
  instagram: 'Instagram handle',
  whatsapp: 'WhatsApp number',
  email: 'Email address',
}

/** A guest of an evening as the member's list names them: an id made for that evening (never their account's). */
const guestId = v.pipe(
  v.string('guestId must be text'),
  v.regex(/^[a-f0-9]{16}$/, 'guestId is not a guest of this list'),
)

export const feedbackSchema = v.strictObject({
  orderId,
  rating: v.pipe(
    v.number(AFTER_MESSAGES.ratingRequired),
    v.integer(AFTER_MESSAGES.ratingRequired),
    v.minValue(1, AFTER_MESSAGES.ratingRequired),
    v.maxValue(5, AFTER_MESSAGES.ratingRequired),
  ),
  comment: v.optional(
    v.pipe(v.string('comment must be text'), v.trim(), v.maxLength(COMMENT_MAX, AFTER_MESSAGES.commentTooLong)),
    '',
  ),
  improve: v.optional(
    v.pipe(
      v.array(v.picklist(IMPROVE_OPTIONS, 'improve lists venue, group or host'), 'improve must be a list'),
      v.maxLength(IMPROVE_OPTIONS.length, 'improve lists each of venue, group and host once'),
      v.check((list) => new Set(list).size === list.length, 'improve lists each of venue, group and host once'),
    ),
    [],
  ),
})

export const pickSchema = v.strictObject({
  orderId,
  guestId,
  picked: v.boolean('picked must be true or false'),
})

export const guestOfNightSchema = v.strictObject({ orderId, guestId })

/** What a report says: why (one of REPORT_REASONS) and what happened. */
export const reportFields = {
  reason: v.picklist(REPORT_REASONS, AFTER_MESSAGES.reportReason),
  text: v.pipe(
    v.string(AFTER_MESSAGES.reportText),
    v.trim(),
    v.nonEmpty(AFTER_MESSAGES.reportText),
    v.maxLength(REPORT_TEXT_MAX, AFTER_MESSAGES.reportTooLong),
  ),
}

export const reportSchema = v.strictObject({ orderId, guestId, ...reportFields })

export const connectionIdSchema = v.strictObject({
  connectionId: v.pipe(
    v.string('connectionId must be text'),
    v.regex(/^[a-f0-9]{16}$/, 'connectionId is not a connection'),
  ),
})

const CONTACT_RULES: Record<Exclude<ContactKind, 'none'>, { pattern: RegExp; message: string }> = {
  instagram: { pattern: /^@?[A-Za-z0-9._]{1,30}$/, message: AFTER_MESSAGES.instagram },
  whatsapp: { pattern: /^[6-9]\d{9}$/, message: AFTER_MESSAGES.whatsapp },
  email: { pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: AFTER_MESSAGES.email },
}

/** The problem with a contact of that kind, for the form and the server alike. */
export function contactProblem(kind: ContactKind, value: string): string | undefined {
  if (kind === 'none') return undefined
  const trimmed = value.trim()
  if (trimmed === '') return AFTER_MESSAGES.contactRequired
  const rule = CONTACT_RULES[kind]
  return rule.pattern.test(trimmed) && trimmed.length <= MAX_EMAIL_LENGTH ? undefined : rule.message
}

export const sharingSchema = v.pipe(
  v.strictObject({
    contactKind: v.picklist(CONTACT_KINDS, 'contactKind must be none, instagram, whatsapp or email'),
    contact: v.optional(v.pipe(v.string('contact must be text'), v.trim(), v.maxLength(MAX_EMAIL_LENGTH)), ''),
    showPhoto: v.boolean('showPhoto must be true or false'),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const problem = contactProblem(dataset.value.contactKind, dataset.value.contact)
    if (problem) addIssue({ message: problem, path: undefined })
  }),
)
export type Sharing = v.InferOutput<typeof sharingSchema>
export const NO_SHARING: Sharing = { contactKind: 'none', contact: '', showPhoto: false }

/** What a connection shows of the other member: their first name and what they share. */
export interface ConnectionView {
  connectionId: string
  firstName: string
  contact?: { kind: Exclude<ContactKind, 'none'>; value: string }
  eventId: string
  eventDate: string
  at: string
}

/** A guest of the evening as another guest sees them. */
export interface GuestView {
  guestId: string
  firstName: string
  /** Sat in the member's group (the evening's published groups): listed first. */
  myGroup?: true
  photoUrl?: string
  picked: boolean
  connected: boolean
  reported: boolean
}

interface FeedbackView {
  rating: number
  comment: string
  improve: ImproveOption[]
}

/** A report as its reporter sees it: what they said, and whether the team has looked at it. */
interface MyReportView {
  guestId: string
  firstName: string
  reason: ReportReason
  at: string
  lookedAt: boolean
}

/** The evening after, as one of its guests sees it. */
export interface AfterNightView {
  orderId: string
  eventId: string
  eventDate: string
  open: boolean
  closesAt: string
  feedback: FeedbackView | null
  guests: GuestView[]
  connections: ConnectionView[]
  reports: MyReportView[]
}

/** On a booking: the evening's feedback is asked for, until when. */
export interface AfterNightStatus {
  open: boolean
  closesAt: string
  /** Connections the member made at this evening (each both ways): how the app tells them. */
  connections: number
}

const contract = <Schema extends v.GenericSchema, Response>(name: string, request: Schema) =>
  callable<Schema, Response>(name, request, [AFTER_MESSAGES])

export const getAfterNightCall = contract<typeof orderIdSchema, AfterNightView>('getAfterNight', orderIdSchema)
export const saveFeedbackCall = contract<typeof feedbackSchema, { saved: true; changed: boolean }>(
  'saveFeedback',
  feedbackSchema,
)
export const pickGuestCall = contract<typeof pickSchema, { picked: boolean; connected: boolean }>(
  'pickGuest',
  pickSchema,
)
export const blockGuestCall = contract<typeof guestOfNightSchema, { blocked: true }>('blockGuest', guestOfNightSchema)
export const reportGuestCall = contract<typeof reportSchema, { reported: true }>('reportGuest', reportSchema)
export const listConnectionsCall = contract<
  typeof noInputSchema,
  { connections: ConnectionView[]; sharing: Sharing; blocked: number }
>('listConnections', noInputSchema)
export const removeConnectionCall = contract<typeof connectionIdSchema, { removed: boolean }>(
  'removeConnection',
  connectionIdSchema,
)
export const saveSharingCall = contract<typeof sharingSchema, { sharing: Sharing }>('saveSharing', sharingSchema)

export const AFTER_NIGHT_CALLABLES = [
  getAfterNightCall,
  saveFeedbackCall,
  pickGuestCall,
  blockGuestCall,
  reportGuestCall,
  listConnectionsCall,
  removeConnectionCall,
  saveSharingCall,
] as const
