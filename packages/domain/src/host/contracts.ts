/** The host callables: each a name, its request schema, and the host messages it may answer with. */
import * as v from 'valibot'
import { contract } from '../callable'
import {
  HOST_MESSAGES,
  hostCancelDateSchema,
  hostCancelSeatSchema,
  hostDateSchema,
  liftModerationSchema,
  markAttendanceSchema,
  messageGuestsSchema,
  moderateMemberSchema,
  resolveReportSchema,
  setCapacitySchema,
  setSalesSchema,
  shareVenueSchema,
} from './schemas'
import type {
  AuditEntry,
  GuestList,
  HostActionResult,
  HostDateSummary,
  ModerationResult,
  NightSummary,
  ReportEntry,
} from './views'

const empty = v.strictObject({})

/** A host callable's contract: every one answers with the host messages. */
const hostContract = <Schema extends v.GenericSchema, Response>(name: string, request: Schema) =>
  contract<Schema, Response>(name, request, [HOST_MESSAGES])

/** An action on a date: it answers with the date as it now stands, and whether the call changed it. */
const dateAction = <Schema extends v.GenericSchema>(name: string, request: Schema) =>
  hostContract<Schema, HostActionResult>(name, request)
/** A step of moderation (or its lifting): it answers with the member's standing. */
const moderation = <Schema extends v.GenericSchema>(name: string, request: Schema) =>
  hostContract<Schema, ModerationResult>(name, request)

export const listHostDatesCall = hostContract<typeof empty, { dates: HostDateSummary[] }>('listHostDates', empty)
export const getGuestListCall = hostContract<typeof hostDateSchema, GuestList>('getGuestList', hostDateSchema)
export const shareVenueCall = dateAction('shareVenue', shareVenueSchema)
export const setCapacityCall = dateAction('setCapacity', setCapacitySchema)
export const setSalesCall = dateAction('setSales', setSalesSchema)
export const hostCancelDateCall = dateAction('hostCancelDate', hostCancelDateSchema)
export const hostCancelSeatCall = dateAction('hostCancelSeat', hostCancelSeatSchema)
export const messageGuestsCall = hostContract<typeof messageGuestsSchema, { sent: number; changed: boolean }>(
  'messageGuests',
  messageGuestsSchema,
)
export const moderateMemberCall = moderation('moderateMember', moderateMemberSchema)
export const liftModerationCall = moderation('liftModeration', liftModerationSchema)
/** A date's guest list as CSV (the host's download; recorded in the audit log). */
export const exportGuestListCall = hostContract<typeof hostDateSchema, { filename: string; csv: string }>(
  'exportGuestList',
  hostDateSchema,
)
export const listAuditCall = hostContract<typeof empty, { entries: AuditEntry[] }>('listAudit', empty)

/** A host marks a paid guest as come (or not), until the morning after: audited, never a door check-in. */
export const markAttendanceCall = hostContract<typeof markAttendanceSchema, { night: NightSummary; changed: boolean }>(
  'markAttendance',
  markAttendanceSchema,
)
/** The reports about guests of the caller's cities, open ones first. */
export const listReportsCall = hostContract<typeof empty, { reports: ReportEntry[] }>('listReports', empty)
/** A step of the ladder on the reported member, or the report dismissed with a reason; the reporter is told. */
export const resolveReportCall = hostContract<typeof resolveReportSchema, { report: ReportEntry; changed: boolean }>(
  'resolveReport',
  resolveReportSchema,
)

export const HOST_CALLABLES = [
  listHostDatesCall,
  getGuestListCall,
  shareVenueCall,
  setCapacityCall,
  setSalesCall,
  hostCancelDateCall,
  hostCancelSeatCall,
  exportGuestListCall,
  listAuditCall,
  messageGuestsCall,
  moderateMemberCall,
  liftModerationCall,
  markAttendanceCall,
  listReportsCall,
  resolveReportCall,
] as const
