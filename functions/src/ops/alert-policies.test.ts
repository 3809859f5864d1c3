/**
 * The alerts as code: one metric and one policy per alert event, each documented in
 * docs/operations.md, applied to a stand-in for Cloud Logging's and Cloud Monitoring's REST APIs
 * (what `npm run alerts` calls): made once, updated on every later run, never duplicated.
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALERTS } from '../lib/log'
import { ALERT_POLICIES, alertPolicy, applyAlertPolicies, logMetric } from './alert-policies'

const EVENTS = Object.values(ALERTS)

/** Cloud Logging's metrics and Cloud Monitoring's alert policies, in memory, as their REST APIs answer. */
function googleApis() {
  const metrics = new Map<string, Record<string, unknown>>()
  const policies = new Map<string, Record<string, unknown>>()
  const calls: string[] = []
  const server: Server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const body = raw ? JSON.parse(raw) : undefined
    const path = new URL(req.url ?? '/', 'http://x').pathname
    calls.push(`${req.method} ${path}`)
    const send = (status: number, json: unknown = {}) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
    if (req.headers.authorization !== 'Bearer token-1') return send(401)
    let match = /^\/logging\/projects\/p1\/metrics\/([^/]+)$/.exec(path)
    if (match?.[1] && req.method === 'GET') return metrics.has(match[1]) ? send(200, metrics.get(match[1])) : send(404)
    if (match?.[1] && req.method === 'PUT') return metrics.set(match[1], body) && send(200, body)
    if (path === '/logging/projects/p1/metrics' && req.method === 'POST') {
      if (metrics.has(body.name)) return send(409)
      return metrics.set(body.name, body) && send(200, body)
    }
    if (path === '/monitoring/projects/p1/alertPolicies' && req.method === 'GET') {
      return send(200, { alertPolicies: [...policies.values()] })
    }
    if (path === '/monitoring/projects/p1/alertPolicies' && req.method === 'POST') {
      const name = `projects/p1/alertPolicies/${policies.size + 1}`
      return policies.set(name, { ...body, name }) && send(200, { ...body, name })
    }
    match = /^\/monitoring\/(projects\/p1\/alertPolicies\/\d+)$/.exec(path)
    if (match?.[1] && req.method === 'PATCH' && policies.has(match[1])) {
      return policies.set(match[1], { ...body, name: match[1] }) && send(200, body)
    }
    return send(400, { error: `unexpected ${req.method} ${path}` })
  })
  return { server, metrics, policies, calls }
}

describe('the alert policies', () => {
  const apis = googleApis()
  let base = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => apis.server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(apis.server.address() as AddressInfo).port}`
  })
  afterAll(() => apis.server.close())

  const apply = () =>
    applyAlertPolicies({
      project: 'p1',
      channels: ['projects/p1/notificationChannels/7'],
      docsUrl: 'docs/operations.md',
      accessToken: async () => 'token-1',
      loggingApi: `${base}/logging`,
      monitoringApi: `${base}/monitoring`,
    })

  it('count each alert event from the functions’ logs, and page on it with its threshold', () => {
    for (const event of EVENTS) {
      expect(logMetric(event).filter).toContain(`jsonPayload.event="${event}"`)
      expect(logMetric(event).filter).toContain('jsonPayload.alert=true')
      const policy = alertPolicy(event, ['c'], 'docs/operations.md')
      const condition = policy.conditions[0]!.conditionThreshold
      expect(condition.filter).toContain(`logging.googleapis.com/user/yaari-alert-${event}`)
      expect(condition.thresholdValue).toBe(ALERT_POLICIES[event].threshold - 1)
      expect(policy.documentation.content).toContain(`docs/operations.md#${event}`)
    }
  })

  it('are made by the first run and updated by the next, never duplicated', async () => {
    const first = await apply()
    expect(Object.keys(first).sort()).toEqual([...EVENTS].sort())
    expect(Object.values(first).every((what) => what === 'metric created, policy created')).toBe(true)
    expect(apis.metrics.size).toBe(EVENTS.length)
    expect(apis.policies.size).toBe(EVENTS.length)
    const second = await apply()
    expect(Object.values(second).every((what) => what === 'metric updated, policy updated')).toBe(true)
    expect(apis.metrics.size).toBe(EVENTS.length)
    expect(apis.policies.size).toBe(EVENTS.length)
    const disputed = [...apis.policies.values()].find(
      (p) => (p.userLabels as { alert: string }).alert === 'payment-disputed',
    )
    expect(disputed).toMatchObject({
      severity: 'WARNING',
      notificationChannels: ['projects/p1/notificationChannels/7'],
    })
  })

  it('stop at the first refusal, saying which call failed', async () => {
    await expect(
      applyAlertPolicies({
        project: 'p1',
        channels: [],
        docsUrl: 'docs/operations.md',
        accessToken: async () => 'wrong',
        loggingApi: `${base}/logging`,
        monitoringApi: `${base}/monitoring`,
      }),
    ).rejects.toThrow(/GET .*alertPolicies.* answered 401/)
  })

  it('each has its section in docs/operations.md: what it means and the first three things to do', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'operations.md'), 'utf8')
    for (const event of EVENTS) {
      const start = doc.indexOf(`### \`${event}\``)
      expect(start, `docs/operations.md has no section for ${event}`).toBeGreaterThan(-1)
      const section = doc.slice(
        start,
        doc.indexOf('\n### ', start + 1) === -1 ? undefined : doc.indexOf('\n### ', start + 1),
      )
      for (const step of ['1. ', '2. ', '3. ']) expect(section, `${event} step ${step}`).toContain(`\n${step}`)
    }
  })
})
