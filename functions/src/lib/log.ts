/**
 * Structured logs (Cloud Logging reads the JSON lines firebase-functions' logger writes). An
 * alert is an event someone must act on: logged at ERROR with `alert: true` and a stable `event`
 * name, so a log-based alert can match it exactly (the logger itself appends a stack trace to
 * the message of every ERROR, for Error Reporting).
 */
import * as logger from 'firebase-functions/logger'

export const ALERTS = {
  /** Cashfree says the order is paid, yet the booking could not be confirmed or refunded. */
  paidUnconfirmed: 'paid-unconfirmed',
  /** A refund Cashfree cancelled or failed, or one it would not accept after several tries. */
  refundFailed: 'refund-failed',
  /** What Cashfree says was paid is not what the booking's order asked for. */
  paymentMismatch: 'payment-mismatch',
  /** Webhooks keep failing signature or timestamp checks: a wrong secret after a key rotation, or someone forging them. */
  webhookUnverified: 'webhook-unverified',
  /** The functions' configuration (params, secret) is missing or invalid: nothing that needs Cashfree works. */
  configInvalid: 'config-invalid',
  /** An email to a member could not be sent after every retry (the SMTP server refuses or is down). */
  mailFailed: 'mail-failed',
  /** Cashfree did not answer (a timeout, a refused or dropped connection). */
  gatewayUnreachable: 'gateway-unreachable',
  /** Cashfree refused our credentials (401/403): a wrong or rotated key. */
  gatewayAuthFailed: 'gateway-auth-failed',
  /** Cashfree answered 429 (rate limited) or a 5xx. */
  gatewayError: 'gateway-error',
  /** A scheduled job threw: what it was to do waits for its next run. */
  jobFailed: 'job-failed',
  /** A member's bank raised a dispute or chargeback on a paid booking: evidence is due by a date. */
  paymentDisputed: 'payment-disputed',
  /** A browser reported an error the app did not handle (its policy pages on a burst, not on one). */
  clientError: 'client-error',
  /** A browser could not open Cashfree's checkout for a booking (its policy pages on a burst). */
  checkoutFailed: 'checkout-failed',
  /** A door phone let in a guest whose booking is not paid (refunded or cancelled after it was readied, or never paid). */
  doorUnpaidEntry: 'door-unpaid-entry',
  /** Host calls refused again and again (a revoked host, a host outside their city, someone probing the console). */
  hostRefused: 'host-refused',
  /** A cancelled date cannot be settled: a booking document of it holds no booking any reader can see. */
  cancelledDateUnreadable: 'cancelled-date-unreadable',
} as const
export type Alert = (typeof ALERTS)[keyof typeof ALERTS]

export function alert(event: Alert, fields: Record<string, unknown>): void {
  logger.error(event, { alert: true, event, ...fields })
}

/** Something went wrong that the code recovers from (a retry, a later sweep). */
export function warn(event: string, fields: Record<string, unknown>): void {
  logger.warn(event, { event, ...fields })
}

export function info(event: string, fields: Record<string, unknown>): void {
  logger.info(event, { event, ...fields })
}

/**
 * Counts events in a sliding window and says when they reach `threshold`: once per window, so
 * a flood makes one alert, not thousands. Per instance (no storage write per event, so an
 * attacker's junk costs us nothing but a counter).
 */
export function burstDetector(threshold: number, windowMs: number) {
  let times: number[] = []
  let alertedAt = Number.NEGATIVE_INFINITY
  return (now: number): { count: number; alert: boolean } => {
    times = times.filter((at) => at > now - windowMs)
    times.push(now)
    const alert = times.length >= threshold && now - alertedAt >= windowMs
    if (alert) alertedAt = now
    return { count: times.length, alert }
  }
}
