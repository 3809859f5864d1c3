/**
 * Sends what went wrong in this browser to the server (reportClientError), where the operator's
 * alerts see it. Loaded only when there is something to send. A beacon: it survives the page
 * going away (a failed checkout often ends in a navigation), needs no preflight (text/plain), and
 * never holds anything up. At most CLIENT_REPORTS_PER_PAGE per page load, each message once.
 */
import {
  CLIENT_REPORT_FUNCTION,
  CLIENT_REPORTS_PER_PAGE,
  type ClientReport,
  type ClientReportKind,
} from '@yaari/domain/client-report'
import { errorCode } from '@yaari/domain/error-code'
import { functionEndpoint } from './client-config'

const sent = new Set<string>()

const cut = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value)

/** The report for `error` (anything thrown), as the endpoint's schema takes it. */
function reportOf(
  kind: ClientReportKind,
  error: unknown,
  extra: { event?: string; orderId?: string } = {},
): ClientReport {
  const described = (error as { message?: unknown } | null | undefined)?.message
  const what =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof described === 'string'
        ? described
        : String(error)
  const message = extra.event ? `${extra.event}: ${what}` : what
  const stack = error instanceof Error ? error.stack : undefined
  const code = errorCode(error)
  return {
    kind,
    message: cut(message, 500),
    path: cut(location.pathname, 300),
    ...(stack ? { stack: cut(stack, 2000) } : {}),
    ...(code !== undefined ? { code: cut(String(code), 80) } : {}),
    ...(extra.orderId ? { orderId: extra.orderId } : {}),
  }
}

/** The report's kind for a logged event: a few have their own, the rest are errors. */
const kindOf = (event: string): ClientReportKind =>
  event === 'unhandledrejection'
    ? 'unhandled-rejection'
    : event === 'route-error' || event === 'checkout-failed'
      ? event
      : 'error'

/** Reports an error logged as `event` (logError's events), once per message, within the page's allowance. */
export function report(event: string, error: unknown, extra: { orderId?: string } = {}): void {
  const kind = kindOf(event)
  const body = reportOf(kind, error, { ...extra, event })
  const key = `${kind}|${body.message}`
  if (sent.has(key) || sent.size >= CLIENT_REPORTS_PER_PAGE) return
  sent.add(key)
  const data = JSON.stringify(body)
  const url = functionEndpoint(CLIENT_REPORT_FUNCTION)
  try {
    if (navigator.sendBeacon?.(url, new Blob([data], { type: 'text/plain' }))) return
  } catch {
    // fall through to fetch
  }
  void fetch(url, { method: 'POST', body: data, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(
    () => undefined,
  )
}
