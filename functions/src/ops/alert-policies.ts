/**
 * The operator's alerts as code: for every alert event the functions log (ALERTS, lib/log.ts), a
 * log-based metric counting it and a Cloud Monitoring alert policy on that metric, with its
 * threshold, window and severity here and what to do in docs/operations.md. `npm run alerts`
 * (ops/alerts.ts) applies them: each run creates what is missing and updates what is there, so
 * running it again changes nothing, and a new alert event cannot be added without its policy
 * (the table is typed by ALERTS).
 */
import { ALERTS, type Alert } from '../lib/log'

export interface AlertPolicySpec {
  /** Pages when the event is logged at least this many times within windowMinutes. */
  threshold: number
  windowMinutes: number
  /** CRITICAL: money or every member affected now; ERROR: a person today; WARNING: this week. */
  severity: 'CRITICAL' | 'ERROR' | 'WARNING'
  /** One line: what it means (the notification's first line; the steps are in docs/operations.md). */
  means: string
}

export const ALERT_POLICIES: Record<Alert, AlertPolicySpec> = {
  [ALERTS.paidUnconfirmed]: {
    threshold: 1,
    windowMinutes: 5,
    severity: 'CRITICAL',
    means: 'Cashfree says an order is paid, yet its booking was neither confirmed nor refunded.',
  },
  [ALERTS.refundFailed]: {
    threshold: 1,
    windowMinutes: 5,
    severity: 'ERROR',
    means: 'A refund failed, was cancelled by Cashfree, or was not accepted after several tries.',
  },
  [ALERTS.paymentMismatch]: {
    threshold: 1,
    windowMinutes: 5,
    severity: 'ERROR',
    means: 'What was paid is not what the order asked for (it is refunded automatically).',
  },
  [ALERTS.webhookUnverified]: {
    threshold: 1,
    windowMinutes: 5,
    severity: 'ERROR',
    means: 'Webhooks keep failing the signature or timestamp check: a wrong secret, or forgery.',
  },
  [ALERTS.configInvalid]: {
    threshold: 1,
    windowMinutes: 5,
    severity: 'CRITICAL',
    means: 'A function started with missing or invalid configuration: nothing that needs Cashfree works.',
  },
  [ALERTS.mailFailed]: {
    threshold: 1,
    windowMinutes: 5,
    severity: 'ERROR',
    means: 'An email to a member was given up (SMTP down for hours, or the address refused for good).',
  },
  [ALERTS.gatewayUnreachable]: {
    threshold: 1,
    windowMinutes: 5,
    severity: 'CRITICAL',
    means: 'A call to Cashfree got no answer (timeout, refused or dropped connection).',
  },
  [ALERTS.gatewayAuthFailed]: {
    threshold: 1,
    windowMinutes: 5,
    severity: 'CRITICAL',
    means: 'Cashfree refused our credentials (401/403): every order and refund fails.',
  },
  [ALERTS.gatewayError]: {
    threshold: 3,
    windowMinutes: 10,
    severity: 'ERROR',
    means: 'Cashfree answered 429 (rate limited) or a 5xx, three times or more in 10 minutes.',
  },
  [ALERTS.jobFailed]: {
    threshold: 1,
    windowMinutes: 5,
    severity: 'ERROR',
    means: 'A scheduled job threw; what it was to do waits for its next run.',
  },
  [ALERTS.paymentDisputed]: {
    threshold: 1,
    windowMinutes: 5,
    severity: 'WARNING',
    means: "A member's bank disputed a payment (a chargeback): evidence is due by its respond-by date.",
  },
  [ALERTS.clientError]: {
    threshold: 20,
    windowMinutes: 10,
    severity: 'ERROR',
    means: 'Browsers reported 20 or more errors the app did not handle in 10 minutes (a bad deploy?).',
  },
  [ALERTS.checkoutFailed]: {
    threshold: 5,
    windowMinutes: 10,
    severity: 'CRITICAL',
    means: "Five or more members could not open Cashfree's checkout in 10 minutes.",
  },
  [ALERTS.doorUnpaidEntry]: {
    threshold: 1,
    windowMinutes: 5,
    severity: 'ERROR',
    means: 'A door phone let in a guest whose booking is not paid (refunded or cancelled after the door was readied).',
  },
  [ALERTS.cancelledDateUnreadable]: {
    threshold: 1,
    windowMinutes: 60,
    severity: 'ERROR',
    means:
      'A cancelled date stays unsettled: one of its booking documents holds no booking the job can read (it may be owed a refund).',
  },
  [ALERTS.hostRefused]: {
    threshold: 10,
    windowMinutes: 10,
    severity: 'WARNING',
    means: 'Ten or more host calls were refused in 10 minutes (a revoked host, the wrong city, or someone probing).',
  },
}

/** The log-based metric that counts one alert event in the functions' logs. */
export function logMetric(event: Alert) {
  return {
    name: `yaari-alert-${event}`,
    description: `Yaari: ${ALERT_POLICIES[event].means}`,
    filter: [
      'resource.type="cloud_run_revision"',
      'severity>=ERROR',
      'jsonPayload.alert=true',
      `jsonPayload.event="${event}"`,
    ].join(' AND '),
    metricDescriptor: { metricKind: 'DELTA', valueType: 'INT64', unit: '1' },
  }
}

/** The alert policy on that metric; `channels`: the notification channels it pages. */
export function alertPolicy(event: Alert, channels: readonly string[], docsUrl: string) {
  const spec = ALERT_POLICIES[event]
  const window = `${spec.windowMinutes * 60}s`
  return {
    displayName: `Yaari: ${event}`,
    documentation: {
      content: `${spec.means}\n\nWhat to do: ${docsUrl}#${event}`,
      mimeType: 'text/markdown',
    },
    userLabels: { app: 'yaari', alert: event },
    combiner: 'OR',
    conditions: [
      {
        displayName: `${event}: ${spec.threshold} or more in ${spec.windowMinutes} minutes`,
        conditionThreshold: {
          filter: `metric.type="logging.googleapis.com/user/${logMetric(event).name}" AND resource.type="cloud_run_revision"`,
          aggregations: [{ alignmentPeriod: window, perSeriesAligner: 'ALIGN_SUM', crossSeriesReducer: 'REDUCE_SUM' }],
          comparison: 'COMPARISON_GT',
          thresholdValue: spec.threshold - 1,
          duration: '0s',
          trigger: { count: 1 },
        },
      },
    ],
    alertStrategy: { autoClose: '1800s' },
    notificationChannels: [...channels],
    severity: spec.severity,
    enabled: true,
  }
}

export interface ApplyOptions {
  project: string
  channels: readonly string[]
  /** Where operations.md is read (the policies link each event's section). */
  docsUrl: string
  accessToken: () => Promise<string>
  fetch?: typeof fetch
  loggingApi?: string
  monitoringApi?: string
  log?: (line: string) => void
}

/** Creates or updates every metric and policy; returns what it did, per event. */
export async function applyAlertPolicies(options: ApplyOptions): Promise<Record<Alert, string>> {
  const {
    project,
    channels,
    docsUrl,
    accessToken,
    fetch: http = fetch,
    loggingApi = 'https://logging.googleapis.com/v2',
    monitoringApi = 'https://monitoring.googleapis.com/v3',
    log = () => undefined,
  } = options
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await http(url, {
      method,
      headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    if (!response.ok && response.status !== 404)
      throw new Error(`${method} ${url} answered ${response.status}: ${text}`)
    return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
  }

  // Every policy this command made before, by its event (one page holds them: there are a dozen).
  const listed = await call('GET', `${monitoringApi}/projects/${project}/alertPolicies?pageSize=1000`)
  const existing = new Map(
    ((listed.json.alertPolicies ?? []) as { name: string; userLabels?: Record<string, string> }[])
      .filter((policy) => policy.userLabels?.app === 'yaari' && policy.userLabels.alert)
      .map((policy) => [policy.userLabels?.alert as string, policy.name]),
  )

  const done = {} as Record<Alert, string>
  for (const event of Object.values(ALERTS)) {
    const metric = logMetric(event)
    const metricUrl = `${loggingApi}/projects/${project}/metrics/${metric.name}`
    const found = await call('GET', metricUrl)
    if (found.status === 404) await call('POST', `${loggingApi}/projects/${project}/metrics`, metric)
    else await call('PUT', metricUrl, metric)

    const policy = alertPolicy(event, channels, docsUrl)
    const name = existing.get(event)
    if (name) await call('PATCH', `${monitoringApi}/${name}`, policy)
    else await call('POST', `${monitoringApi}/projects/${project}/alertPolicies`, policy)
    done[event] =
      `${found.status === 404 ? 'metric created' : 'metric updated'}, ${name ? 'policy updated' : 'policy created'}`
    log(`${event}: ${done[event]}`)
  }
  return done
}
