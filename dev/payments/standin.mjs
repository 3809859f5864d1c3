// @ts-check
/**
 * The payment-gateway stand-in: a loopback server that keeps Cashfree's PG wire contract, so
 * the functions and the web app run end to end offline with nothing but a base URL changed:
 * - /pg/orders (create with idempotency keys, get, payments, terminate, refunds), with Cashfree's
 *   headers, statuses and validation errors (bodies checked against Cashfree's OpenAPI schemas),
 *   lazy expiry, and terminations that may answer TERMINATION_REQUESTED;
 * - /__standin/checkout: the hosted checkout page, with 'Pay', 'Fail' and 'Cancel payment',
 *   which redirects to the order's return_url as Cashfree does (a plain GET, no status), and only
 *   ever to the app's own origin;
 * - payment and refund webhooks signed as Cashfree signs them, retried until answered 200;
 * - /__standin/cashfree.js: a stand-in for Cashfree's browser SDK whose checkout() opens that page;
 * - a control API for tests (/__standin/orders/{id}/pay, /expire, /hold-webhook (the next payment webhook late), /refunds/{id}/settle,
 *   /dashboard-refund (a refund made in Cashfree's dashboard), /disputes (a bank raises one),
 *   /__standin/disputes/{id}/status, /config, /webhooks, /faults), which answers only requests carrying the stack's secret (x-standin-secret);
 *   /faults makes the API misbehave as Cashfree can (never answer, 401, 429, 500, answer slowly)
 *   for `npm run drill`.
 * Usage: node dev/payments/standin.mjs [port]
 *   (STANDIN_WEBHOOK_URL: where webhooks go; STACK_SECRET: the control secret; APP_ORIGIN: where
 *   checkout may return)
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import { ApiError, OrderBook } from './orders.mjs'
import { deliver, disputeWebhook, paymentWebhook, refundWebhook } from './webhooks.mjs'

export const STANDIN_CLIENT_ID = process.env.CASHFREE_CLIENT_ID ?? 'standin-client-id'
export const STANDIN_CLIENT_SECRET = process.env.CASHFREE_CLIENT_SECRET ?? 'standin-client-secret'
const API_VERSIONS = new Set(['2023-08-01', '2025-01-01', '2026-01-01'])
/** Cashfree retries after 2, 10 and 30 minutes; locally the same schedule in seconds/10. */
const DEFAULT_RETRY_DELAYS_MS = [200, 1_000, 3_000]

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

/** @param {import('node:http').IncomingMessage} req @returns {Promise<string>} */
async function readBody(req) {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

/** @param {string} text */
function parseJson(text) {
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    throw new ApiError(400, 'request_failed', 'request body : is not valid json')
  }
}

/** @param {import('node:http').ServerResponse} res */
function refuseReturn(res) {
  res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
  res.end('<!doctype html><title>Checkout</title><h1>This return address is not allowed</h1>')
}

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/**
 * Where the browser goes after an attempt: the return URL with {order_id} replaced, or
 * order_id appended when it has no placeholder (as Cashfree does).
 * @param {string} returnUrl @param {string} orderId
 */
export function returnTo(returnUrl, orderId) {
  if (returnUrl.includes('{order_id}')) return returnUrl.replaceAll('{order_id}', encodeURIComponent(orderId))
  const url = new URL(returnUrl)
  url.searchParams.set('order_id', orderId)
  return url.toString()
}

/**
 * @typedef {object} StandinOptions
 * @property {string} [clientId]
 * @property {string} [clientSecret]
 * @property {string} [webhookUrl] the "dashboard" webhook endpoint
 * @property {number[]} [retryDelaysMs]
 * @property {OrderBook} [book]
 * @property {string} [controlSecret] what the control API requires in x-standin-secret
 * @property {string} [appOrigin] the only origin checkout may send the browser back to
 */

/**
 * The control API's delivery switches (tests): how many copies of the webhook, how it is signed,
 * and how many retries (fewer than Cashfree's three: a test of a webhook that never gets through
 * need not wait out the whole schedule).
 * @typedef {{ copies?: number, signature?: 'valid' | 'bad' | 'reserialize', retries?: number }} DeliveryOptions
 */

/** @param {Record<string, unknown>} body @returns {DeliveryOptions} */
function deliveryOptions({ copies, signature, retries }) {
  return {
    ...(Number.isInteger(copies) ? { copies: Number(copies) } : {}),
    ...(signature === 'bad' || signature === 'reserialize' ? { signature } : {}),
    ...(Number.isInteger(retries) && Number(retries) >= 0 ? { retries: Number(retries) } : {}),
  }
}

/** @param {string} url @param {string} origin */
function isOnOrigin(url, origin) {
  try {
    return new URL(url).origin === new URL(origin).origin
  } catch {
    return false
  }
}

/** @param {StandinOptions} [options] */
export function createPaymentStandin({
  clientId = STANDIN_CLIENT_ID,
  clientSecret = STANDIN_CLIENT_SECRET,
  webhookUrl = process.env.STANDIN_WEBHOOK_URL,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
  book = new OrderBook(),
  controlSecret = process.env.STACK_SECRET ?? '',
  appOrigin = process.env.APP_ORIGIN ?? '',
} = {}) {
  /** @param {import('node:http').IncomingMessage} req */
  const isControl = (req) => {
    const given = Buffer.from(String(req.headers['x-standin-secret'] ?? ''))
    const expected = Buffer.from(controlSecret)
    return expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected)
  }
  /** @param {string | null | undefined} url */
  const mayReturnTo = (url) => typeof url === 'string' && isOnOrigin(url, appOrigin)
  /** @type {Map<string, { hash: string, status: number, body: unknown }>} */
  const idempotent = new Map()
  /** @type {object[]} */
  const deliveries = []
  /** Orders whose next payment webhook is held back, and for how long (ms). @type {Map<string, number>} */
  const heldWebhooks = new Map()

  /**
   * Sends the webhook for a payment attempt to the dashboard URL and the order's notify_url.
   * @param {import('./orders.mjs').Order} order @param {import('./orders.mjs').Payment} payment
   * @param {DeliveryOptions} [options]
   */
  async function notify(order, payment, options = {}) {
    const event = paymentWebhook(order, payment)
    if (!event) return []
    const held = heldWebhooks.get(order.order_id)
    if (held) {
      // Cashfree's webhook late (seconds to minutes in production): delivered after the hold, unawaited.
      heldWebhooks.delete(order.order_id)
      const timer = setTimeout(() => void send(event, [webhookUrl, order.order_meta.notify_url], options), held)
      timer.unref?.()
      return []
    }
    return send(event, [webhookUrl, order.order_meta.notify_url], options)
  }

  /**
   * Sends an event to the dashboard URL (and the order's notify_url).
   * @param {object} event @param {(string | null | undefined)[]} urls
   * @param {DeliveryOptions} [options]
   */
  async function send(event, urls, { copies = 1, signature = 'valid', retries = retryDelaysMs.length } = {}) {
    const targets = [...new Set(urls.filter((url) => typeof url === 'string' && url))]
    const sends = targets.flatMap((url) =>
      Array.from({ length: copies }, () =>
        deliver(/** @type {string} */ (url), event, {
          secret: clientSecret,
          retryDelaysMs: retryDelaysMs.slice(0, retries),
          signature,
          log: (entry) => deliveries.push(entry),
        }),
      ),
    )
    return Promise.all(sends)
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {URL} url */
  async function pgApi(req, res, url) {
    const requestId = String(req.headers['x-request-id'] ?? randomUUID())
    const version = req.headers['x-api-version']
    const common = { 'x-request-id': requestId, ...(typeof version === 'string' ? { 'x-api-version': version } : {}) }
    if (req.headers['x-client-id'] !== clientId || req.headers['x-client-secret'] !== clientSecret) {
      throw Object.assign(new ApiError(401, 'request_failed', 'authentication Failed', 'authentication_error'), {
        common,
      })
    }
    if (typeof version !== 'string') {
      throw Object.assign(new ApiError(400, 'version_missing', 'x-api-version : is missing in the request'), { common })
    }
    if (!API_VERSIONS.has(version)) {
      throw Object.assign(
        new ApiError(400, 'version_invalid', `x-api-version : is not valid. Value received: ${version}`),
        {
          common,
        },
      )
    }
    try {
      const path = url.pathname.slice('/pg'.length)
      const order = /^\/orders\/([^/]+)(\/payments)?$/.exec(path)
      const refunds = /^\/orders\/([^/]+)\/refunds$/.exec(path)
      const disputes = /^\/orders\/([^/]+)\/disputes$/.exec(path)
      if (disputes?.[1] && req.method === 'GET') {
        return sendJson(res, 200, book.disputes(decodeURIComponent(disputes[1])), common)
      }
      const oneRefund = /^\/orders\/([^/]+)\/refunds\/([^/]+)$/.exec(path)
      if (oneRefund?.[1] && oneRefund[2] && req.method === 'GET') {
        const refund = book.getRefund(decodeURIComponent(oneRefund[1]), decodeURIComponent(oneRefund[2]))
        return sendJson(res, 200, refund, common)
      }
      if (refunds?.[1] && req.method === 'POST') {
        return sendJson(res, 200, book.refund(decodeURIComponent(refunds[1]), parseJson(await readBody(req))), common)
      }
      if (refunds?.[1] && req.method === 'GET')
        return sendJson(res, 200, book.refunds(decodeURIComponent(refunds[1])), common)
      if (path === '/orders' && req.method === 'POST') {
        const raw = await readBody(req)
        const key = req.headers['x-idempotency-key']
        const hash = createHash('sha256').update(raw).digest('hex')
        if (typeof key === 'string') {
          const seen = idempotent.get(key)
          if (seen && seen.hash !== hash) {
            throw new ApiError(
              422,
              'request_invalid',
              'idempotency key reused with a different request body',
              'idempotency_error',
            )
          }
          if (seen)
            return sendJson(res, seen.status, seen.body, {
              ...common,
              'x-idempotency-key': key,
              'x-idempotency-replayed': 'true',
            })
        }
        let status = 200
        /** @type {unknown} */
        let body
        try {
          body = book.create(parseJson(raw))
        } catch (error) {
          if (!(error instanceof ApiError)) throw error
          status = error.status
          body = error.toJSON()
        }
        if (typeof key === 'string') idempotent.set(key, { hash, status, body })
        return sendJson(res, status, body, {
          ...common,
          ...(typeof key === 'string' ? { 'x-idempotency-key': key } : {}),
        })
      }
      if (order?.[1] && !order[2] && req.method === 'GET')
        return sendJson(res, 200, book.get(decodeURIComponent(order[1])), common)
      if (order?.[1] && order[2] && req.method === 'GET') {
        return sendJson(res, 200, book.payments(decodeURIComponent(order[1])), common)
      }
      if (order?.[1] && !order[2] && req.method === 'PATCH') {
        return sendJson(res, 200, book.terminate(decodeURIComponent(order[1]), parseJson(await readBody(req))), common)
      }
      throw new ApiError(404, 'request_failed', 'bad URL, please check API documentation')
    } catch (error) {
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), { common })
    }
  }

  /** @param {import('./orders.mjs').Order} order @param {string} session @param {string} returnUrl */
  function checkoutPage(order, session, returnUrl) {
    const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(order.order_amount)
    /** @param {string} name @param {string} value */
    const field = (name, value) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`
    const closed = order.order_status !== 'ACTIVE'
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (local Cashfree stand-in)</title>
<link rel="icon" href="data:,">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
button{display:block;width:100%;min-height:3rem;margin:.75rem 0;font:inherit;font-weight:600;border-radius:.5rem;border:2px solid #1a1a1a;background:#fff;cursor:pointer}
button.pay{background:#1f7a3a;border-color:#1f7a3a;color:#fff}p.note{color:#555;font-size:.875rem}</style></head>
<body><main><h1>Complete your payment</h1>
<p class="note">Local Cashfree stand-in: no real money moves.</p>
<dl><dt>Order</dt><dd>${escapeHtml(order.order_id)}</dd><dt>Amount</dt><dd>${escapeHtml(amount)}</dd></dl>
${
  closed
    ? `<p role="alert">This order is ${escapeHtml(order.order_status.toLowerCase())}; no payment can be made.</p>`
    : `<form method="post" action="/__standin/checkout">${field('session', session)}${field('return_url', returnUrl)}
<button class="pay" name="outcome" value="SUCCESS">Pay</button>
<button name="outcome" value="FAILED">Fail</button>
<button name="outcome" value="USER_DROPPED">Cancel payment</button></form>`
}
</main></body></html>`
  }

  /** @param {string} origin */
  const browserSdk = (origin) => `// Local stand-in for Cashfree's browser SDK (sdk.cashfree.com/js/v3/cashfree.js).
(function () {
  var origin = ${JSON.stringify(origin)};
  window.Cashfree = function (options) {
    var mode = options && options.mode;
    return {
      checkout: function (opts) {
        var session = opts && opts.paymentSessionId;
        return fetch(origin + '/__standin/sessions/' + encodeURIComponent(session || ''))
          .then(function (r) { return r.ok ? r.json() : null; })
          .then(function (found) {
            if (!found || found.mode !== mode) {
              return { error: { message: 'payment_session_id is not present or is invalid', code: 'payment_session_id_invalid' } };
            }
            var url = origin + '/__standin/checkout?session=' + encodeURIComponent(session) +
              (opts.returnUrl ? '&return_url=' + encodeURIComponent(opts.returnUrl) : '');
            if (opts.redirectTarget === '_blank') window.open(url, '_blank');
            else if (opts.redirectTarget === '_top') window.top.location.href = url;
            else window.location.href = url;
            return { redirect: true };
          });
      },
    };
  };
})();
`

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {URL} url */
  async function standin(req, res, url) {
    const origin = `http://${req.headers.host}`
    const path = url.pathname.slice('/__standin'.length)
    if (path === '/cashfree.js' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' })
      return res.end(browserSdk(origin))
    }
    const session = /^\/sessions\/([^/]+)$/.exec(path)
    if (session?.[1] && req.method === 'GET') {
      const order = book.bySession(decodeURIComponent(session[1]))
      const cors = { 'access-control-allow-origin': '*' }
      if (!order) return sendJson(res, 404, { message: 'payment_session_id is not present or is invalid' }, cors)
      return sendJson(res, 200, { order_id: order.order_id, order_status: order.order_status, mode: 'sandbox' }, cors)
    }
    if (path === '/checkout' && req.method === 'GET') {
      const order = book.bySession(url.searchParams.get('session') ?? '')
      if (!order) {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
        return res.end('<!doctype html><title>Checkout</title><h1>This payment link is not valid</h1>')
      }
      const returnUrl = url.searchParams.get('return_url') ?? order.order_meta.return_url ?? ''
      if (returnUrl && !mayReturnTo(returnUrl)) return refuseReturn(res)
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(checkoutPage(order, url.searchParams.get('session') ?? '', returnUrl))
    }
    if (path === '/checkout' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req))
      const order = book.bySession(form.get('session') ?? '')
      const outcome = form.get('outcome')
      if (!order || (outcome !== 'SUCCESS' && outcome !== 'FAILED' && outcome !== 'USER_DROPPED')) {
        res.writeHead(400, { 'content-type': 'text/plain' })
        return res.end('Unknown payment session or outcome')
      }
      const returnUrl = form.get('return_url') || order.order_meta.return_url
      // Checked before the payment: a tampered form moves no money and sends nobody anywhere.
      if (returnUrl && !mayReturnTo(returnUrl)) return refuseReturn(res)
      const result = book.pay(order.order_id, outcome)
      void notify(result.order, result.payment)
      if (!returnUrl) return sendJson(res, 200, result)
      res.writeHead(303, { location: returnTo(returnUrl, order.order_id) })
      return res.end()
    }
    // Everything below is the tests' control API: the stack's secret only.
    if (!isControl(req)) throw new ApiError(403, 'request_failed', 'the control API needs x-standin-secret')
    const hold = /^\/orders\/([^/]+)\/hold-webhook$/.exec(path)
    if (hold?.[1] && req.method === 'POST') {
      const body = parseJson(await readBody(req)) ?? {}
      if (!Number.isInteger(body.ms) || body.ms < 0 || body.ms > 600_000) {
        throw new ApiError(400, 'ms_invalid', 'ms : should be a whole number of milliseconds from 0 to 600000')
      }
      heldWebhooks.set(decodeURIComponent(hold[1]), body.ms)
      return sendJson(res, 200, { orderId: decodeURIComponent(hold[1]), ms: body.ms })
    }
    const control = /^\/orders\/([^/]+)\/(pay|expire)$/.exec(path)
    if (control?.[1] && req.method === 'POST') {
      const orderId = decodeURIComponent(control[1])
      if (control[2] === 'expire') return sendJson(res, 200, book.expireNow(orderId))
      const body = parseJson(await readBody(req)) ?? {}
      if (body.at !== undefined && !Number.isInteger(body.at)) {
        throw new ApiError(400, 'at_invalid', 'at : should be a time in milliseconds since 1970')
      }
      const result = book.pay(orderId, body.outcome ?? 'SUCCESS', {
        errorCode: body.errorCode,
        lateSuccess: body.lateSuccess,
        at: body.at,
      })
      const delivered = await notify(result.order, result.payment, deliveryOptions(body))
      return sendJson(res, 200, { ...result, deliveries: delivered })
    }
    const settle = /^\/orders\/([^/]+)\/refunds\/([^/]+)\/settle$/.exec(path)
    if (settle?.[1] && settle[2] && req.method === 'POST') {
      const body = parseJson(await readBody(req)) ?? {}
      if (body.status !== 'SUCCESS' && body.status !== 'CANCELLED') {
        throw new ApiError(400, 'status_invalid', 'status : should be SUCCESS or CANCELLED')
      }
      const refund = book.settleRefund(decodeURIComponent(settle[1]), decodeURIComponent(settle[2]), body.status)
      const order = book.get(decodeURIComponent(settle[1]))
      const delivered = await send(
        refundWebhook(refund),
        [webhookUrl, order.order_meta.notify_url],
        deliveryOptions(body),
      )
      return sendJson(res, 200, { refund, deliveries: delivered })
    }
    const outside = /^\/orders\/([^/]+)\/(dashboard-refund|disputes)$/.exec(path)
    if (outside?.[1] && req.method === 'POST') {
      const orderId = decodeURIComponent(outside[1])
      const body = parseJson(await readBody(req)) ?? {}
      const order = book.get(orderId)
      const targets = [webhookUrl, order.order_meta.notify_url]
      if (outside[2] === 'dashboard-refund') {
        const refund = book.dashboardRefund(orderId, body.amount ?? order.order_amount)
        return sendJson(res, 200, {
          refund,
          deliveries: await send(refundWebhook(refund), targets, deliveryOptions(body)),
        })
      }
      const dispute = book.openDispute(orderId, { type: body.type, amount: body.amount })
      const event = disputeWebhook('DISPUTE_CREATED', dispute)
      return sendJson(res, 200, { dispute, deliveries: await send(event, targets, deliveryOptions(body)) })
    }
    const moved = /^\/disputes\/(\d+)\/status$/.exec(path)
    if (moved?.[1] && req.method === 'POST') {
      const body = parseJson(await readBody(req)) ?? {}
      if (typeof body.status !== 'string' || !/^[A-Z_]+$/.test(body.status)) {
        throw new ApiError(400, 'status_invalid', 'status : should be a dispute status')
      }
      const dispute = book.moveDispute(Number(moved[1]), body.status)
      const closed = /(WON|LOST|ACCEPTED|INSUFFICIENT_EVIDENCE)$/.test(body.status)
      const event = disputeWebhook(closed ? 'DISPUTE_CLOSED' : 'DISPUTE_UPDATED', dispute)
      const order = book.get(String(/** @type {{ order_id: string }} */ (dispute.order_details).order_id))
      const targets = [webhookUrl, order.order_meta.notify_url]
      return sendJson(res, 200, { dispute, deliveries: await send(event, targets, deliveryOptions(body)) })
    }
    if (path === '/config' && req.method === 'POST') {
      const body = parseJson(await readBody(req)) ?? {}
      if (body.terminateMode === 'immediate' || body.terminateMode === 'requested')
        book.terminateMode = body.terminateMode
      if (Number.isInteger(body.terminationDelayMs) && body.terminationDelayMs >= 0) {
        book.terminationDelayMs = body.terminationDelayMs
      }
      return sendJson(res, 200, { terminateMode: book.terminateMode, terminationDelayMs: book.terminationDelayMs })
    }
    if (path === '/webhooks' && req.method === 'GET') return sendJson(res, 200, deliveries)
    if (path === '/faults' && req.method === 'POST') {
      const body = parseJson(await readBody(req)) ?? {}
      if (!['none', 'hang', '401', '429', '500', 'slow'].includes(String(body.mode))) {
        throw new ApiError(400, 'mode_invalid', 'mode : should be none, hang, 401, 429, 500 or slow')
      }
      fault = {
        mode: body.mode,
        delayMs: Number.isInteger(body.delayMs) && body.delayMs >= 0 ? body.delayMs : 0,
        count: Number.isInteger(body.count) && body.count > 0 ? body.count : Number.POSITIVE_INFINITY,
        match: typeof body.match === 'string' ? body.match : '',
      }
      return sendJson(res, 200, { mode: fault.mode, delayMs: fault.delayMs })
    }
    throw new ApiError(404, 'request_failed', 'bad URL, please check API documentation')
  }

  /**
   * How the API misbehaves, set through /__standin/faults: `hang` never answers, `401`, `429` and
   * `500` answer so, `slow` answers after `delayMs`; for the next `count` requests (all, if unset)
   * whose "METHOD /path" contains `match`, or one of its `|`-separated parts (every request, if unset).
   * @type {{ mode: 'none' | 'hang' | '401' | '429' | '500' | 'slow', delayMs: number, count: number, match: string }}
   */
  let fault = { mode: 'none', delayMs: 0, count: Number.POSITIVE_INFINITY, match: '' }
  /**
   * Applies the fault to an API request: true when it has answered (or never will).
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {URL} url
   */
  async function misbehave(req, res, url) {
    if (fault.mode === 'none' || fault.count <= 0) return false
    const request = `${req.method} ${url.pathname}`
    if (fault.match && !fault.match.split('|').some((part) => request.includes(part))) return false
    fault.count--
    if (fault.mode === 'hang') return true // the connection stays open, unanswered
    if (fault.mode === 'slow') {
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs))
      return false
    }
    const answers = {
      401: ['authentication Failed', 'request_failed', 'authentication_error'],
      429: ['Too many requests', 'request_failed', 'rate_limit_error'],
      500: ['internal error', 'internal_error', 'api_error'],
    }
    const [message, code, type] = answers[fault.mode]
    sendJson(res, Number(fault.mode), { message, code, type })
    return true
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    try {
      if (url.pathname === '/health') return sendJson(res, 200, { ok: true })
      if (url.pathname.startsWith('/pg/')) {
        if (await misbehave(req, res, url)) return
        return await pgApi(req, res, url)
      }
      if (url.pathname.startsWith('/__standin/')) return await standin(req, res, url)
      throw new ApiError(404, 'request_failed', 'bad URL, please check API documentation')
    } catch (error) {
      const common = /** @type {{ common?: Record<string, string> }} */ (error).common ?? {}
      if (error instanceof ApiError) return sendJson(res, error.status, error.toJSON(), common)
      console.error(error)
      return sendJson(res, 500, { message: 'internal error', code: 'internal_error', type: 'api_error' }, common)
    }
  })
  return { server, book, deliveries }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? process.env.PAYMENT_STANDIN_PORT ?? 8081)
  const { server } = createPaymentStandin()
  server.on('error', (error) => {
    console.error(`Payment stand-in could not listen on port ${port}: ${error.message}`)
    process.exit(1)
  })
  server.listen(port, '127.0.0.1', () => console.log(`Payment stand-in listening on 127.0.0.1:${port}`))
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => server.close(() => process.exit(0)))
  }
}
