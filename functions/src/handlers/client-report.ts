/**
 * reportClientError: the browser's errors and failed checkouts, logged where the operator's
 * alerts see them (`client-error`, `checkout-failed`). Anyone can post here, so it is small and
 * bounded: POST only, from the site's own pages (or none: a beacon from a page always sends its
 * Origin), at most CLIENT_REPORT_MAX_BYTES, checked against the shared schema (400 with the
 * reason), and rate-limited per address and per instance (429). Nothing it says changes any data.
 */
import '../lib/region' // first: the region applies to what is defined below
import { createHash } from 'node:crypto'
import { CLIENT_REPORT_MAX_BYTES } from '@yaari/domain/client-report'
import { clientReportSchema } from '@yaari/domain/client-report-schema'
import { onRequest } from 'firebase-functions/v2/https'
import { ALERTS, alert, warn } from '../lib/log'
import { isAllowedOrigin } from '../lib/origins'
import { APP_ORIGIN } from '../lib/settings'
import { isDemoProject } from '../lib/settings-schema'
import { parseJsonBody } from '../lib/validate'
import { runOptions } from './sizing'

/** Reports one address may send per window, and one instance may take from everyone. */
export const CLIENT_REPORT_LIMITS = { perAddress: 20, perInstance: 300, windowMs: 60_000 }

/** A sliding-window counter per key, in memory (per instance: a flood costs us a map entry, not a write). */
export function rateLimiter(limit: number, windowMs: number, maxKeys = 10_000) {
  const seen = new Map<string, number[]>()
  return (key: string, now: number): boolean => {
    const times = (seen.get(key) ?? []).filter((at) => at > now - windowMs)
    if (times.length >= limit) {
      seen.set(key, times)
      return false
    }
    times.push(now)
    seen.delete(key)
    seen.set(key, times)
    // The oldest keys go first when too many addresses are tracked.
    while (seen.size > maxKeys) seen.delete(seen.keys().next().value as string)
    return true
  }
}

export interface ClientReportRequest {
  method: string
  origin: string | undefined
  /** The caller's address (not logged: only a digest, to tell one browser's reports from another's). */
  address: string
  rawBody: Buffer
  /** The browser's user agent, cut short. */
  userAgent: string | undefined
}

export function clientReportHandler(site: { appOrigin: string; local: boolean }) {
  const perAddress = rateLimiter(CLIENT_REPORT_LIMITS.perAddress, CLIENT_REPORT_LIMITS.windowMs)
  const perInstance = rateLimiter(CLIENT_REPORT_LIMITS.perInstance, CLIENT_REPORT_LIMITS.windowMs)
  let limitedAt = Number.NEGATIVE_INFINITY
  return (request: ClientReportRequest, now: number): { status: number; body: string } => {
    if (request.method !== 'POST') return { status: 405, body: 'POST only' }
    if (!request.origin || !isAllowedOrigin(request.origin, site)) return { status: 403, body: 'not from this site' }
    if (request.rawBody.length > CLIENT_REPORT_MAX_BYTES) {
      return { status: 413, body: `at most ${CLIENT_REPORT_MAX_BYTES} bytes` }
    }
    if (!perAddress(request.address, now) || !perInstance('*', now)) {
      // Told once a window, not once a report.
      if (now - limitedAt >= CLIENT_REPORT_LIMITS.windowMs) {
        limitedAt = now
        warn('client-reports-limited', { limits: CLIENT_REPORT_LIMITS })
      }
      return { status: 429, body: 'too many reports' }
    }
    const parsed = parseJsonBody(request.rawBody, clientReportSchema, 'not a report')
    if ('refusal' in parsed) return parsed.refusal
    // The logger's entry has a `message` of its own: the browser's goes beside it.
    const { message: errorMessage, ...report } = parsed.output
    alert(report.kind === 'checkout-failed' ? ALERTS.checkoutFailed : ALERTS.clientError, {
      ...report,
      errorMessage,
      browser: createHash('sha256').update(request.address).digest('hex').slice(0, 12),
      userAgent: request.userAgent?.slice(0, 200),
    })
    return { status: 204, body: '' }
  }
}

let handle: ReturnType<typeof clientReportHandler> | undefined

export const reportClientError = onRequest(runOptions('reportClientError'), (request, response) => {
  const origin = request.headers.origin
  const site = { appOrigin: APP_ORIGIN.value(), local: isDemoProject(process.env.GCLOUD_PROJECT ?? '') }
  handle ??= clientReportHandler(site)
  // A beacon is a simple request (text/plain): no preflight, but the answer names the site's origin.
  if (origin && isAllowedOrigin(origin, site)) response.set('access-control-allow-origin', origin).set('vary', 'Origin')
  const { status, body } = handle(
    {
      method: request.method,
      origin,
      address: request.ip ?? '',
      rawBody: request.rawBody ?? Buffer.alloc(0),
      userAgent: request.headers['user-agent'],
    },
    Date.now(),
  )
  response.status(status).send(body)
})
