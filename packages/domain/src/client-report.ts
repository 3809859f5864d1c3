/**
 * What the browser reports to the server (reportClientError): an uncaught error, a rejected
 * promise nobody handled, a route's error screen, or a checkout that failed. Small and bounded:
 * the server refuses a body over CLIENT_REPORT_MAX_BYTES or outside this schema, and limits how
 * often one address may report.
 */

export const CLIENT_REPORT_KINDS = ['error', 'unhandled-rejection', 'route-error', 'checkout-failed'] as const
export type ClientReportKind = (typeof CLIENT_REPORT_KINDS)[number]

/** The largest body the endpoint reads. */
export const CLIENT_REPORT_MAX_BYTES = 4096
/** The most reports one page load sends (a loop that throws does not flood). */
export const CLIENT_REPORTS_PER_PAGE = 10
/** The endpoint's name (an HTTP function: the browser posts to it with sendBeacon). */
export const CLIENT_REPORT_FUNCTION = 'reportClientError'

/** What the browser sends (clientReportSchema, in client-report-schema.ts, checks it on the server). */
export interface ClientReport {
  kind: ClientReportKind
  message: string
  stack?: string
  /** The page's path (no query: it may carry an order id, sent on its own when it matters). */
  path: string
  /** The error's code (a Firebase or Cashfree code), if it had one. */
  code?: string
  /** The booking a failed checkout was for. */
  orderId?: string
}
