/**
 * The server's check of a browser's report (reportClientError): the shape ClientReport describes,
 * with its bounds. Apart from client-report.ts so the browser's reporter loads no validator.
 */
import * as v from 'valibot'
import { orderIdSchema } from './booking'
import { CLIENT_REPORT_KINDS, type ClientReport } from './client-report'

const text = (field: string, max: number) =>
  v.pipe(v.string(`${field} must be text`), v.maxLength(max, `${field} is at most ${max} characters`))

export const clientReportSchema = v.strictObject({
  kind: v.picklist(CLIENT_REPORT_KINDS, `kind must be one of ${CLIENT_REPORT_KINDS.join(', ')}`),
  message: text('message', 500),
  stack: v.optional(text('stack', 2000)),
  path: v.pipe(text('path', 300), v.startsWith('/', 'path must start with /')),
  code: v.optional(text('code', 80)),
  orderId: v.optional(orderIdSchema.entries.orderId),
})

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
/**
 * The schema and the interface the browser fills in describe the same thing: a compile-time
 * check, exported only so that an unused local does not fail the build.
 * @public
 */
export const SCHEMA_MATCHES_REPORT: Same<v.InferOutput<typeof clientReportSchema>, ClientReport> = true
