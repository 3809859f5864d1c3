// @ts-check
import { createPrivateKey, sign } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { plainHttpAgent, startPushStandin } from './standin.mjs'

const SECRET = 'stack-secret'
const SUBJECT = 'mailto:hello@yaari.local'
const vapid = webpush.generateVAPIDKeys()
const otherVapid = webpush.generateVAPIDKeys()
const agent = plainHttpAgent()

/** @type {Awaited<ReturnType<typeof startPushStandin>>} */
let standin
let base = ''

beforeAll(async () => {
  standin = await startPushStandin({ port: 0, secret: SECRET })
  base = standin.url
})
afterAll(() => standin.close())

/**
 * The control API, with the stack's secret.
 * @param {string} path @param {{ method?: string, body?: unknown, secret?: string }} [options]
 */
const control = (path, { method = 'POST', body, secret = SECRET } = {}) =>
  fetch(`${base}/__push${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-stack-secret': secret },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

/**
 * A new subscription, as a browser's PushSubscription.toJSON() (and its id).
 * @param {{ applicationServerKey?: string }} [body]
 * @returns {Promise<{ id: string, endpoint: string, keys: { p256dh: string, auth: string } }>}
 */
async function subscribe(body = {}) {
  const response = await control('/subscriptions', { body })
  expect(response.status).toBe(201)
  return response.json()
}

/** @param {string} id @returns {Promise<any[]>} */
const messagesOf = async (id) =>
  (await (await control(`/subscriptions/${id}/messages`, { method: 'GET' })).json()).messages

/** web-push's options: signed with `keys`, through the plain-HTTP agent. @param {webpush.RequestOptions} [extra] */
const options = (extra = {}, keys = vapid) => ({
  vapidDetails: { subject: SUBJECT, publicKey: keys.publicKey, privateKey: keys.privateKey },
  TTL: 60,
  agent,
  timeout: 5000,
  ...extra,
})

/**
 * The push web-push would send, sent with fetch after changing it: headers replaced (null: left
 * out) or another body.
 * @param {{ endpoint: string, keys: { p256dh: string, auth: string } }} subscription @param {string} payload
 * @param {{ headers?: Record<string, string | null>, body?: Uint8Array }} [change]
 */
async function sendChanged(subscription, payload, { headers = {}, body } = {}) {
  const details = webpush.generateRequestDetails(subscription, payload, options())
  /** @type {Record<string, string>} */
  const sent = {}
  for (const [name, value] of Object.entries({ ...details.headers, ...headers })) {
    // fetch sets Content-Length itself.
    if (value !== null && value !== undefined && name !== 'Content-Length') sent[name] = String(value)
  }
  const bytes = body ?? details.body
  return fetch(details.endpoint, { method: 'POST', headers: sent, body: bytes ? new Uint8Array(bytes) : undefined })
}

/** @param {unknown} value */
const base64url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * A VAPID Authorization header built by hand: `claims` signed ES256 with `keys`' private half,
 * the JWT header saying `alg`, and `k` the public key given (by default the signer's).
 * @param {Record<string, unknown>} claims
 * @param {{ keys?: { publicKey: string, privateKey: string }, alg?: string, k?: string }} [options]
 */
function vapidHeader(claims, { keys = vapid, alg = 'ES256', k = keys.publicKey } = {}) {
  const point = Buffer.from(keys.publicKey, 'base64url')
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = `${base64url({ typ: 'JWT', alg })}.${base64url(claims)}`
  const signature = sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')
  return `vapid t=${signed}.${signature}, k=${k}`
}

const now = () => Math.floor(Date.now() / 1000)

describe('the Web Push stand-in', () => {
  it('answers /health', async () => {
    expect((await fetch(`${base}/health`)).status).toBe(200)
  })

  it("creates a subscription shaped as a browser's PushSubscription.toJSON()", async () => {
    const subscription = await subscribe()
    expect(Object.keys(subscription).sort()).toEqual(['endpoint', 'id', 'keys'])
    expect(subscription.endpoint).toBe(`${base}/push/${subscription.id}`)
    expect(Object.keys(subscription.keys).sort()).toEqual(['auth', 'p256dh'])
    expect(subscription.keys.p256dh).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(subscription.keys.auth).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(Buffer.from(subscription.keys.p256dh, 'base64url')[0]).toBe(0x04)
    const another = await subscribe()
    expect(another.id).not.toBe(subscription.id)
    expect(another.keys.p256dh).not.toBe(subscription.keys.p256dh)
    expect(another.keys.auth).not.toBe(subscription.keys.auth)
  })

  it('decrypts what web-push sends and keeps it with its TTL, urgency and topic', async () => {
    const subscription = await subscribe()
    const notice = { title: 'Your table is ready', body: 'Table 4 — Café Mocha ☕', url: '/tickets/abc' }
    const sent = await webpush.sendNotification(
      subscription,
      JSON.stringify(notice),
      options({ TTL: 60, topic: 'booking-abc', urgency: 'high' }),
    )
    expect(sent.statusCode).toBe(201)
    expect(sent.headers.location).toBe(`${base}/__push/subscriptions/${subscription.id}/messages/1`)
    await webpush.sendNotification(subscription, 'plain words, not JSON', options({ TTL: 0 }))

    const messages = await messagesOf(subscription.id)
    expect(messages).toHaveLength(2)
    expect(messages[0]).toMatchObject({
      ttl: 60,
      urgency: 'high',
      topic: 'booking-abc',
      text: JSON.stringify(notice),
      json: notice,
    })
    expect(Date.parse(messages[0].receivedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(messages[1]).toMatchObject({
      ttl: 0,
      urgency: 'normal',
      topic: null,
      text: 'plain words, not JSON',
      json: null,
    })
    const kept = await control(`/subscriptions/${subscription.id}/messages/1`, { method: 'GET' })
    expect(await kept.json()).toEqual(messages[0])

    const all = (await (await control('/messages', { method: 'GET' })).json()).messages
    expect(all.filter((/** @type {{ id: string }} */ m) => m.id === subscription.id)).toEqual(
      messages.map((message) => ({ id: subscription.id, ...message })),
    )
  })

  it('takes a push posted with fetch from web-push’s request details, headers as they are (as the functions send)', async () => {
    const subscription = await subscribe()
    const request = webpush.generateRequestDetails(subscription, '{"n":1}', {
      vapidDetails: options().vapidDetails,
      TTL: 120,
      urgency: 'low',
      topic: 'fetch',
      contentEncoding: 'aes128gcm',
    })
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: /** @type {Record<string, string>} */ (request.headers),
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'error',
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('location')).toMatch(new RegExp(`/__push/subscriptions/${subscription.id}/messages/1$`))
    expect(await messagesOf(subscription.id)).toMatchObject([
      { ttl: 120, urgency: 'low', topic: 'fetch', text: '{"n":1}', json: { n: 1 } },
    ])
  })

  it('takes a push signed with the subscription’s applicationServerKey, and refuses another key (403)', async () => {
    const subscription = await subscribe({ applicationServerKey: vapid.publicKey })
    expect((await webpush.sendNotification(subscription, 'ours', options())).statusCode).toBe(201)
    const refused = webpush.sendNotification(subscription, 'theirs', options({}, otherVapid))
    await expect(refused).rejects.toBeInstanceOf(webpush.WebPushError)
    await expect(refused).rejects.toMatchObject({
      statusCode: 403,
      body: expect.stringMatching(/applicationServerKey/),
    })
    expect((await messagesOf(subscription.id)).map((m) => m.text)).toEqual(['ours'])
  })

  it('refuses an applicationServerKey that is not a P-256 public key', async () => {
    const response = await control('/subscriptions', { body: { applicationServerKey: 'not-a-key' } })
    expect(response.status).toBe(400)
  })

  it('takes a VAPID JWT built by hand when it is right (the refusals below are not the helper’s fault)', async () => {
    const subscription = await subscribe()
    const authorization = vapidHeader({ aud: base, exp: now() + 3600, sub: 'https://yaari.example/contact' })
    const response = await sendChanged(subscription, 'by hand', { headers: { Authorization: authorization } })
    expect(response.status).toBe(201)
    expect((await messagesOf(subscription.id)).map((m) => m.text)).toEqual(['by hand'])
  })

  it('refuses a push without a valid VAPID JWT (401), saying why', async () => {
    const subscription = await subscribe()
    const good = { aud: base, exp: now() + 3600, sub: SUBJECT }
    const cases = /** @type {[string, string | null, RegExp][]} */ ([
      ['no Authorization', null, /missing/],
      ['another scheme', 'WebPush abc', /vapid scheme/],
      ['no k', vapidHeader(good).replace(/, k=.*$/, ''), /both t/],
      [
        'a wrong audience (web-push)',
        webpush.getVapidHeaders('http://127.0.0.1:1', SUBJECT, vapid.publicKey, vapid.privateKey, 'aes128gcm')
          .Authorization,
        /aud/,
      ],
      ['a wrong audience', vapidHeader({ ...good, aud: 'https://fcm.googleapis.com' }), /aud/],
      ['the audience with a path', vapidHeader({ ...good, aud: `${base}/` }), /aud/],
      ['an expired JWT', vapidHeader({ ...good, exp: now() - 60 }), /expired/],
      ['exp over 24 h ahead', vapidHeader({ ...good, exp: now() + 25 * 3600 }), /24 hours/],
      ['no exp', vapidHeader({ aud: base, sub: SUBJECT }), /exp/],
      ['an http: sub', vapidHeader({ ...good, sub: 'http://yaari.example' }), /sub/],
      ['no sub', vapidHeader({ aud: base, exp: now() + 3600 }), /sub/],
      ['alg HS256', vapidHeader(good, { alg: 'HS256' }), /ES256/],
      ['signed by another key than k', vapidHeader(good, { keys: otherVapid, k: vapid.publicKey }), /signature/],
      ['a k that is not a key', vapidHeader(good, { k: 'AAAA' }), /uncompressed P-256/],
    ])
    for (const [what, authorization, reason] of cases) {
      const response = await sendChanged(subscription, what, { headers: { Authorization: authorization } })
      expect(response.status, what).toBe(401)
      expect(await response.text(), what).toMatch(reason)
    }
    // Claims changed after signing.
    const [scheme = '', k = ''] = vapidHeader(good).split(', ')
    const [head, , signature] = scheme.slice('vapid t='.length).split('.')
    const forged = `vapid t=${head}.${base64url({ ...good, aud: base, sub: 'mailto:someone@else.example' })}.${signature}, ${k}`
    const response = await sendChanged(subscription, 'forged', { headers: { Authorization: forged } })
    expect(response.status).toBe(401)
    expect(await response.text()).toMatch(/signature/)
    expect(await messagesOf(subscription.id)).toEqual([])
  })

  it('refuses a missing or bad TTL, Urgency or Topic, and another Content-Encoding (400)', async () => {
    const subscription = await subscribe()
    const cases = /** @type {[string, Record<string, string | null>, RegExp][]} */ ([
      ['no TTL', { TTL: null }, /TTL/],
      ['a negative TTL', { TTL: '-1' }, /TTL/],
      ['a TTL that is not a number', { TTL: 'soon' }, /TTL/],
      ['an unknown urgency', { Urgency: 'urgent' }, /Urgency/],
      ['a topic of 33 characters', { Topic: 'a'.repeat(33) }, /Topic/],
      ['a topic outside base64url', { Topic: 'a+b' }, /Topic/],
      ['no Content-Encoding', { 'Content-Encoding': null }, /aes128gcm/],
      ['aesgcm', { 'Content-Encoding': 'aesgcm' }, /aes128gcm/],
    ])
    for (const [what, headers, reason] of cases) {
      const response = await sendChanged(subscription, what, { headers })
      expect(response.status, what).toBe(400)
      expect(await response.text(), what).toMatch(reason)
    }
    expect(await messagesOf(subscription.id)).toEqual([])
  })

  it('refuses a body it cannot decrypt (400) and one over 4096 bytes (413)', async () => {
    const subscription = await subscribe()
    const details = webpush.generateRequestDetails(subscription, 'a secret', options())
    const corrupted = Buffer.from(/** @type {Buffer} */ (details.body))
    corrupted[corrupted.length - 1] = (corrupted.at(-1) ?? 0) ^ 0xff
    const response = await sendChanged(subscription, 'a secret', { body: corrupted })
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(/decrypted/)
    // Encrypted for another subscription's keys.
    const other = await subscribe()
    const forOther = webpush.generateRequestDetails(other, 'not yours', options()).body
    expect((await sendChanged(subscription, '', { body: /** @type {Buffer} */ (forOther) })).status).toBe(400)

    const tooLong = webpush.sendNotification(subscription, 'x'.repeat(5000), options())
    await expect(tooLong).rejects.toMatchObject({ statusCode: 413 })
    expect(await messagesOf(subscription.id)).toEqual([])
  })

  it('answers 404 for an unknown subscription', async () => {
    const unknown = { endpoint: `${base}/push/no-such-id`, keys: (await subscribe()).keys }
    await expect(webpush.sendNotification(unknown, 'hello', options())).rejects.toMatchObject({ statusCode: 404 })
  })

  it('a 410 fault: web-push rejects with a WebPushError of status 410, for the times asked', async () => {
    const subscription = await subscribe()
    const set = await control(`/subscriptions/${subscription.id}/fault`, { body: { answer: 410, times: 1 } })
    expect(await set.json()).toEqual({ answer: 410, times: 1 })
    const gone = webpush.sendNotification(subscription, 'first', options())
    await expect(gone).rejects.toBeInstanceOf(webpush.WebPushError)
    await expect(gone).rejects.toMatchObject({ statusCode: 410, endpoint: subscription.endpoint })
    expect((await webpush.sendNotification(subscription, 'second', options())).statusCode).toBe(201)
    expect((await messagesOf(subscription.id)).map((m) => m.text)).toEqual(['second'])
  })

  it('a fault without times holds until cleared with null (404, 500)', async () => {
    const subscription = await subscribe()
    for (const answer of [404, 500]) {
      await control(`/subscriptions/${subscription.id}/fault`, { body: { answer } })
      for (let i = 0; i < 3; i++) {
        await expect(webpush.sendNotification(subscription, 'x', options())).rejects.toMatchObject({
          statusCode: answer,
        })
      }
    }
    const cleared = await control(`/subscriptions/${subscription.id}/fault`, { body: { answer: null } })
    expect(await cleared.json()).toEqual({ answer: null, times: null })
    expect((await webpush.sendNotification(subscription, 'through', options())).statusCode).toBe(201)
    expect((await control(`/subscriptions/${subscription.id}/fault`, { body: { answer: 418 } })).status).toBe(400)
    expect((await control(`/subscriptions/${subscription.id}/fault`, { body: { answer: 500, times: 0 } })).status).toBe(
      400,
    )
  })

  it('a 429 fault answers with Retry-After', async () => {
    const subscription = await subscribe()
    await control(`/subscriptions/${subscription.id}/fault`, { body: { answer: 429, times: 1 } })
    const limited = webpush.sendNotification(subscription, 'x', options())
    await expect(limited).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } })
  })

  it("a 'hang' fault never answers: web-push's timeout ends the send", async () => {
    const subscription = await subscribe()
    await control(`/subscriptions/${subscription.id}/fault`, { body: { answer: 'hang', times: 1 } })
    const started = Date.now()
    await expect(webpush.sendNotification(subscription, 'x', options({ timeout: 300 }))).rejects.toThrow(
      'Socket timeout',
    )
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
    expect(Date.now() - started).toBeLessThan(3000)
    expect((await webpush.sendNotification(subscription, 'after', options())).statusCode).toBe(201)
    expect((await messagesOf(subscription.id)).map((m) => m.text)).toEqual(['after'])
  })

  it('closes even with a push hanging', async () => {
    const other = await startPushStandin({ port: 0, secret: SECRET })
    const created = await fetch(`${other.url}/__push/subscriptions`, {
      method: 'POST',
      headers: { 'x-stack-secret': SECRET },
    })
    const subscription = await created.json()
    await fetch(`${other.url}/__push/subscriptions/${subscription.id}/fault`, {
      method: 'POST',
      headers: { 'x-stack-secret': SECRET },
      body: JSON.stringify({ answer: 'hang' }),
    })
    const hanging = webpush.sendNotification(subscription, 'x', options({ timeout: 0 })).catch((error) => error)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const started = Date.now()
    await other.close()
    expect(Date.now() - started).toBeLessThan(2000)
    const outcome = await hanging
    expect(outcome).toBeInstanceOf(Error)
    expect(outcome).not.toBeInstanceOf(webpush.WebPushError) // the socket closed, no answer
  })

  it('DELETE ends a subscription: later pushes answer 410 Gone, its messages stay readable', async () => {
    const subscription = await subscribe()
    await webpush.sendNotification(subscription, 'before', options())
    expect((await control(`/subscriptions/${subscription.id}`, { method: 'DELETE' })).status).toBe(204)
    await expect(webpush.sendNotification(subscription, 'after', options())).rejects.toMatchObject({
      statusCode: 410,
    })
    expect((await messagesOf(subscription.id)).map((m) => m.text)).toEqual(['before'])
  })

  it('answers the control API only with the stack secret (401)', async () => {
    const subscription = await subscribe()
    const routes = /** @type {[string, string][]} */ ([
      ['POST', '/subscriptions'],
      ['GET', '/messages'],
      ['GET', `/subscriptions/${subscription.id}/messages`],
      ['POST', `/subscriptions/${subscription.id}/fault`],
      ['DELETE', `/subscriptions/${subscription.id}`],
    ])
    for (const [method, path] of routes) {
      for (const secret of ['', 'wrong-secret', `${SECRET}x`]) {
        const body = method === 'POST' ? { answer: 410 } : undefined
        expect((await control(path, { method, secret, body })).status, `${method} ${path} ${secret}`).toBe(401)
      }
    }
    const bare = await fetch(`${base}/__push/messages`)
    expect(bare.status).toBe(401)
    // Nothing changed: no fault set, not ended.
    expect((await webpush.sendNotification(subscription, 'still here', options())).statusCode).toBe(201)
  })
})
