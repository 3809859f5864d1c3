/**
 * Bad input and abuse: generated malformed payloads (wrong types, huge strings, unicode, missing and
 * extra fields, prototype-pollution keys) sent over raw HTTP, as an attacker would, to every
 * callable and to the Cashfree webhook. Each must answer 4xx with a readable reason, write nothing,
 * and leave the functions serving. They go to the built functions served as Cloud Run serves them
 * (one instance, many requests in flight, ID tokens verified): what an attacker reaches in
 * production, and 4,500 requests take seconds there instead of a minute through the emulator's
 * proxy. Payloads come from fast-check with a fixed seed (reproducible); each is checked to be
 * rejected by the function's own schema, so none is valid by accident.
 */
import { createHmac, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { deleteMyAccountCall, exportMyDataCall } from '@yaari/domain/account'
import * as afterNight from '@yaari/domain/after-night'
import { getAvailabilityCall, seatsCollectionPath } from '@yaari/domain/availability'
import { cancelBookingCall, createBookingCall, getBookingCall } from '@yaari/domain/booking'
import { VALID_ATTENDEE } from '@yaari/domain/booking.fixture'
import type { CallableContract, RequestOf } from '@yaari/domain/callable'
import { CALLABLES } from '@yaari/domain/callables'
import * as editor from '@yaari/domain/catalogue-editor'
import { seedCatalogue } from '@yaari/domain/catalogue-records'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { getDoorListCall, removeAdmissionCall, syncCheckInsCall } from '@yaari/domain/door'
import { changeGroupsCall, getGroupsCall } from '@yaari/domain/groups'
import * as help from '@yaari/domain/help'
import * as host from '@yaari/domain/host'
import { loadInsightsCall } from '@yaari/domain/insights'
import { listMyBookingsCall } from '@yaari/domain/my-bookings'
import * as notify from '@yaari/domain/notifications'
import { askForCodeCall, confirmPhoneCall } from '@yaari/domain/phone'
import { getMyProfileCall, saveProfileCall, uploadProfilePhotoCall } from '@yaari/domain/profile'
import { availableDates } from '@yaari/domain/schedule'
import { joinWaitlistCall, leaveWaitlistCall } from '@yaari/domain/waitlist'
import fc from 'fast-check'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFunctionInstance } from '../../dev/function-instance/start.mjs'
import { HOST, PROJECT_ID, ROOT, stackPorts } from '../../dev/lib/config.mjs'
import { STANDIN_CLIENT_SECRET } from '../../dev/payments/standin.mjs'
import { callFunction } from '../../src/lib/firebase'
import { adminDb, bookableDates, signOutMember, signUpFreshMember, VALID_PROFILE } from './helpers'

/** Payloads per callable and for the webhook: 500 each. */
const PER_TARGET = 500
const SEED = 20261122

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
const event = SEED_EVENTS[0]!
const date = bookableDates(event)[5]!
const { status: _status, ...seedDraft } = seedCatalogue().events[0]!

/** A callable with a valid request (the base for mutations), typed by its contract. */
const target = <C extends CallableContract>(contract: C, valid: RequestOf<C>, as: 'member' | 'host' = 'member') => ({
  contract,
  valid: Object.assign({}, valid) as Record<string, unknown>,
  as,
})

/** Every callable: a new one without a valid request here fails the first test below. */
const TARGETS = [
  target(getAvailabilityCall, { eventId: event.id }),
  target(saveProfileCall, VALID_PROFILE),
  target(getMyProfileCall, {}),
  target(uploadProfilePhotoCall, { contentType: 'image/png', data: PNG_BASE64 }),
  target(createBookingCall, {
    eventId: event.id,
    eventDate: date,
    tier: 'girls',
    userProfile: { ...VALID_ATTENDEE, profession: 'software_engineer', interests: ['brunch'] },
  }),
  target(getBookingCall, { orderId: 'yaari_20261128_abcdef' }),
  target(listMyBookingsCall, {}),
  target(cancelBookingCall, { orderId: 'yaari_20261128_abcdef' }),
  target(joinWaitlistCall, { eventId: event.id, eventDate: date }),
  target(leaveWaitlistCall, { eventId: event.id, eventDate: date }),
  target(exportMyDataCall, {}),
  target(deleteMyAccountCall, {}),
  // A host's callables, tried by a Bangalore host (anyone else is refused before the input is read).
  target(host.listHostDatesCall, {}, 'host'),
  target(host.getGuestListCall, { eventId: event.id, eventDate: date }, 'host'),
  target(host.shareVenueCall, { eventId: event.id, eventDate: date, brief: { venueName: 'A', address: 'B' } }, 'host'),
  target(host.setCapacityCall, { eventId: event.id, eventDate: date, capacity: 8 }, 'host'),
  target(host.setSalesCall, { eventId: event.id, eventDate: date, open: false }, 'host'),
  target(host.hostCancelDateCall, { eventId: event.id, eventDate: date, confirm: date, reason: 'x' }, 'host'),
  target(
    host.hostCancelSeatCall,
    { eventId: event.id, eventDate: date, orderId: 'yaari_20261128_abcdef', reason: 'x' },
    'host',
  ),
  target(host.exportGuestListCall, { eventId: event.id, eventDate: date }, 'host'),
  target(host.listAuditCall, {}, 'host'),
  target(
    host.messageGuestsCall,
    { eventId: event.id, eventDate: date, messageId: 'abuse-message-1', subject: 'Hi', text: 'See you' },
    'host',
  ),
  target(
    host.moderateMemberCall,
    { eventId: event.id, eventDate: date, uid: 'someone', action: 'warn', reason: 'x' },
    'host',
  ),
  target(host.liftModerationCall, { uid: 'someone', reason: 'x' }, 'host'),
  target(
    host.markAttendanceCall,
    { eventId: event.id, eventDate: date, orderId: 'yaari_20261128_abcdef', came: true },
    'host',
  ),
  target(host.listReportsCall, {}, 'host'),
  target(host.resolveReportCall, { reportId: 'no-such-report', action: 'dismiss', reason: 'x' }, 'host'),
  // A date's groups.
  target(getGroupsCall, { eventId: event.id, eventDate: date }, 'host'),
  target(
    changeGroupsCall,
    { eventId: event.id, eventDate: date, version: 0, change: { kind: 'lock', group: 1, locked: true } },
    'host',
  ),
  target(getDoorListCall, { eventId: event.id, eventDate: date }, 'host'),
  target(syncCheckInsCall, { eventId: event.id, eventDate: date, door: 'Front door', ops: [] }, 'host'),
  target(
    removeAdmissionCall,
    { eventId: event.id, eventDate: date, orderId: 'yaari_20990101_nothing', reason: 'Scanned twice' },
    'host',
  ),
  // The catalogue editor, tried by a Bangalore host on a Bangalore event.
  target(editor.listCatalogueCall, {}, 'host'),
  target(editor.saveCatalogueEventCall, { event: seedDraft, isNew: false }, 'host'),
  target(editor.publishCatalogueEventCall, { id: event.id, savedAt: new Date().toISOString() }, 'host'),
  target(editor.archiveCatalogueEventCall, { id: event.id }, 'host'),
  target(editor.saveCatalogueCityCall, { city: seedCatalogue().cities[0]! }, 'host'),
  target(editor.uploadEventCoverCall, { id: event.id, data: PNG_BASE64 }, 'host'),
  // After the night: a member who came to no evening (refused before anything is read of one).
  target(afterNight.getAfterNightCall, { orderId: 'yaari_20261128_abcdef' }),
  target(afterNight.saveFeedbackCall, {
    orderId: 'yaari_20261128_abcdef',
    rating: 5,
    comment: 'Lovely',
    improve: ['venue'],
  }),
  target(afterNight.pickGuestCall, { orderId: 'yaari_20261128_abcdef', guestId: '0123456789abcdef', picked: true }),
  target(afterNight.blockGuestCall, { orderId: 'yaari_20261128_abcdef', guestId: '0123456789abcdef' }),
  target(afterNight.reportGuestCall, {
    orderId: 'yaari_20261128_abcdef',
    guestId: '0123456789abcdef',
    reason: 'harassment',
    text: 'What happened',
  }),
  target(afterNight.listConnectionsCall, {}),
  target(afterNight.removeConnectionCall, { connectionId: '0123456789abcdef' }),
  target(afterNight.saveSharingCall, { contactKind: 'instagram', contact: '@asha.rao', showPhoto: true }),
  target(notify.savePushSubscriptionCall, {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  }),
  target(notify.removePushSubscriptionCall, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }),
  target(notify.listNotificationsCall, {}),
  target(notify.markNotificationsReadCall, { upTo: '2026-11-28T10:00:00.000Z' }),
  target(notify.saveNotificationSettingsCall, { off: ['how-was'] }),
  target(loadInsightsCall, { from: '2026-10-01', to: '2026-10-31', city: 'bangalore', eventId: event.id }, 'host'),
  // A verified mobile.
  target(askForCodeCall, { mobile: '9876543210' }),
  target(confirmPhoneCall, {}),
  // Help at the venue: a guest's alert, and the coordinators' side (a Bangalore host).
  target(help.raiseAlertCall, { orderId: 'yaari_20261128_abcdef', alertId: 'abusetap01', reason: 'unsafe' }),
  target(help.cancelAlertCall, { alertId: 'abusetap01' }),
  target(help.listMyAlertsCall, { orderId: 'yaari_20261128_abcdef' }),
  target(help.setCoordinatorsCall, { eventId: event.id, eventDate: date, coordinators: [] }, 'host'),
  target(help.getDateHelpCall, { eventId: event.id, eventDate: date }, 'host'),
  target(help.answerAlertCall, { eventId: event.id, eventDate: date, alertId: 'abusetap01', answer: 'seen' }, 'host'),
  target(
    help.reportAlertCall,
    {
      eventId: event.id,
      eventDate: date,
      alertId: 'abusetap01',
      orderId: 'yaari_20261128_abcdef',
      reason: 'other',
      text: 'What happened',
    },
    'host',
  ),
]

const POLLUTION = ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"__proto__":null}']
const HUGE = 'x'.repeat(300_000)

/** Malformed variants of `valid`: the whole value of a wrong type, or one field broken. */
function malformed(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid).length ? Object.keys(valid) : ['data']
  const key = fc.constantFrom(...keys)
  const strange = fc.oneof(
    fc.jsonValue(),
    fc.string({ unit: 'binary', maxLength: 40 }), // any unicode, lone surrogates included
    fc.constantFrom(HUGE, '', ' ', '\u0000', '🙂'.repeat(1000), '<script>alert(1)</script>', "' OR 1=1 --"),
    fc.constantFrom(-1, 0, 1e308, -0, 2 ** 53 + 1, true, null, [], {}),
  )
  return fc.oneof(
    fc.jsonValue(), // not even an object
    key.map((k) => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== k))), // missing
    fc.tuple(fc.string({ minLength: 1, maxLength: 30 }), strange).map(([k, value]) => ({ ...valid, [k]: value })), // extra
    fc.tuple(key, strange).map(([k, value]) => ({ ...valid, [k]: value })), // wrong type or value
    fc.constantFrom(...POLLUTION).map((json) => ({ ...valid, ...JSON.parse(json) })), // pollution keys
    fc.tuple(key, fc.constantFrom(...POLLUTION)).map(([k, json]) => ({ ...valid, [k]: JSON.parse(json) })),
  )
}

/** PER_TARGET payloads the schema rejects (a generated value that happens to be valid is skipped). */
function payloadsFor(valid: Record<string, unknown>, schema: v.GenericSchema): unknown[] {
  const out: unknown[] = []
  let seed = SEED
  while (out.length < PER_TARGET) {
    for (const payload of fc.sample(malformed(valid), { numRuns: PER_TARGET, seed: seed++ })) {
      if (out.length < PER_TARGET && !v.safeParse(schema, payload).success) out.push(payload)
    }
  }
  return out
}

/** Runs `task` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(task))
}

/** The ID token of a new Bangalore host (the Auth emulator's REST API: the web SDK holds the member). */
async function signedInHostToken() {
  const api = `http://${HOST}:${stackPorts().auth}/identitytoolkit.googleapis.com/v1`
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
    (await fetch(`${api}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then((response) => response.json())) as { localId: string; idToken: string }
  const account = { email: `host-${randomUUID()}@example.test`, password: 'correct-horse-42', returnSecureToken: true }
  const { localId } = await post('accounts:signUp?key=demo-api-key', account)
  await post(
    `projects/${PROJECT_ID}/accounts:update`,
    { localId, customAttributes: JSON.stringify({ host_cities: ['bangalore'] }) },
    { authorization: 'Bearer owner' },
  )
  return (await post('accounts:signInWithPassword?key=demo-api-key', account)).idToken
}

/** The raw callable protocol: POST {"data": ...}, the member's ID token as a bearer. */
async function rawCall(name: string, payload: unknown, token: string | undefined) {
  const response = await fetch(instance.url(name), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data: payload }),
  })
  const text = await response.text()
  return { status: response.status, text }
}

/** Everything the functions could have written: counts, the member's own profile, their photos. */
async function snapshot(uid: string) {
  const db = adminDb()
  const count = async (path: string) => (await db.collection(path).count().get()).data().count
  const seats = await Promise.all(
    SEED_EVENTS.flatMap((e) => availableDates(e).map((d) => count(seatsCollectionPath(e.id, d)))),
  )
  return {
    profiles: await count('user_profiles'),
    bookings: await count('bookings'),
    venueBriefs: await count('venue_briefs'),
    cancelledDates: await count('cancelled_dates'),
    dateSettings: await count('date_settings'),
    audit: await count('audit_log'),
    moderation: await count('moderation'),
    messages: await count('host_messages'),
    waitlist: await count('waitlist'),
    catalogue: JSON.stringify((await db.collection('catalogue').doc('version').get()).data() ?? null),
    catalogueRecords: (await count('catalogue_events')) + (await count('catalogue_cities')),
    catalogueVersions: await count('catalogue_versions'),
    afterNight: await Promise.all(
      ['nights', 'feedback', 'picks', 'connections', 'blocks', 'reports', 'report_slots', 'member_sharing'].map(count),
    ),
    seatings: await count('seatings'),
    phones: [await count('phone_numbers'), await count('phone_codes')],
    alerts: await count('alerts'),
    // (Notices of others' bookings are written by the stack's own mail job meanwhile: only this member's count.)
    notify: [
      (await db.collection('notices').where('uid', '==', uid).count().get()).data().count,
      await count('push_subscriptions'),
      await count('notice_settings'),
    ],
    seats: seats.reduce((a, b) => a + b, 0),
    myProfile: JSON.stringify((await db.collection('user_profiles').doc(uid).get()).data() ?? null),
    myPhotos: existsSync(join(ROOT, '.tmp', 'photo-store', 'profile-pictures', uid)),
  }
}

let token: string
let hostToken: string
let uid: string
let before: Awaited<ReturnType<typeof snapshot>>
let instance: Awaited<ReturnType<typeof startFunctionInstance>>

beforeAll(async () => {
  instance = await startFunctionInstance()
  const user = await signUpFreshMember()
  uid = user.uid
  await callFunction(saveProfileCall, VALID_PROFILE) // a profile, so createBooking gets as far as its checks
  token = await user.getIdToken()
  hostToken = await signedInHostToken()
  before = await snapshot(uid)
}, 60_000)

afterAll(async () => {
  await instance?.stop()
  await signOutMember()
})

describe('malformed payloads', () => {
  it('covers every callable there is', () => {
    expect(TARGETS.map((t) => t.contract)).toEqual([...CALLABLES])
  })

  for (const target of TARGETS) {
    it(`${target.contract.name}: ${PER_TARGET} malformed payloads each get a 4xx with a reason, and nothing is written`, async () => {
      const payloads = payloadsFor(target.valid, target.contract.request)
      const answers: { status: number; text: string; payload: unknown }[] = []
      await inBatches(
        payloads.map((payload, i) => ({ payload, i })),
        8,
        async ({ payload, i }) => {
          // One in ten without a token: those must be refused before anything else.
          const caller = target.as === 'host' ? hostToken : token
          answers.push({
            ...(await rawCall(target.contract.name, payload, i % 10 === 0 ? undefined : caller)),
            payload,
          })
        },
      )
      const bad = answers.filter(({ status, text }) => {
        const error = (JSON.parse(text) as { error?: { message?: string; status?: string } }).error
        return status < 400 || status >= 500 || !error?.message || error.status === 'INTERNAL'
      })
      expect(
        bad
          .slice(0, 3)
          .map((a) => `${JSON.stringify(a.payload)?.slice(0, 150)} -> ${a.status} ${a.text.slice(0, 150)}`),
      ).toEqual([])
      expect(answers).toHaveLength(PER_TARGET)
      // The answers explain themselves (a few samples): a sentence, not a stack trace.
      for (const { text } of answers.slice(0, 20)) expect(text).not.toMatch(/at .+\(.+:\d+:\d+\)/)
      expect(await snapshot(uid)).toEqual(before)
    }, 180_000)
  }

  it(`cashfreeWebhook: ${PER_TARGET} malformed bodies, signed or not, get a 4xx and change nothing`, async () => {
    const valid = { type: 'PAYMENT_SUCCESS_WEBHOOK', data: { order: { order_id: 'yaari_20261128_abcdef' } } }
    const bodies = fc
      .sample(
        fc.oneof(
          malformed(valid),
          malformed(valid.data).map((data) => ({ ...valid, data })),
          malformed(valid.data.order).map((order) => ({ ...valid, data: { order } })),
        ),
        { numRuns: PER_TARGET * 2, seed: SEED },
      )
      .filter((body) => {
        const object = body as { type?: unknown; data?: { order?: { order_id?: unknown } } } | null
        const orderId = object?.data?.order?.order_id
        if (typeof object?.type !== 'string') return true
        // A well-formed webhook of another type is not malformed (it is acknowledged and ignored).
        if (!object.type.startsWith('PAYMENT_')) return false
        return !(typeof orderId === 'string' && v.safeParse(getBookingCall.request, { orderId }).success)
      })
      .map((body) => JSON.stringify(body))
    bodies.splice(0, 4, '{', '', 'null', '{"type":') // and a few that are not JSON at all
    bodies.length = Math.min(bodies.length, PER_TARGET)
    expect(bodies).toHaveLength(PER_TARGET)
    const statuses: number[] = []
    await inBatches(
      bodies.map((body, i) => ({ body, i })),
      8,
      async ({ body, i }) => {
        const raw = body
        const timestamp = String(Date.now()) // epoch milliseconds, as Cashfree stamps them
        // Half carry a valid signature (as if Cashfree sent junk), half a forged or no signature.
        const signed = i % 2 === 0
        const signature = signed
          ? createHmac('sha256', STANDIN_CLIENT_SECRET)
              .update(timestamp + raw)
              .digest('base64')
          : i % 4 === 1
            ? 'forged'
            : undefined
        const response = await fetch(instance.url('cashfreeWebhook'), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-webhook-timestamp': timestamp,
            ...(signature ? { 'x-webhook-signature': signature } : {}),
          },
          body: raw,
        })
        const text = await response.text()
        statuses.push(response.status)
        // A body that is not a JSON object or array is refused (400) by the functions framework's
        // strict JSON parser before our code runs (an empty one reaches it, and is refused unsigned); other unsigned junk is refused (401) before it is read; signed
        // junk is a 400 with our reason.
        const isJson = (() => {
          try {
            return typeof JSON.parse(raw) === 'object' && JSON.parse(raw) !== null
          } catch {
            return false
          }
        })()
        if (!isJson) expect([400, 401], text).toContain(response.status)
        else if (!signed) expect(response.status, text).toBe(401)
        else {
          expect(response.status, `${raw.slice(0, 100)} -> ${text}`).toBe(400)
          expect(text).toMatch(/^(body is not JSON|not a (Cashfree|payment|refund) webhook: .+)$/)
        }
      },
    )
    expect(statuses).toHaveLength(PER_TARGET)
    expect(statuses.filter((s) => s < 400 || s >= 500)).toEqual([])
    expect(await snapshot(uid)).toEqual(before)
  }, 180_000)

  it('the instance still serves real requests afterwards', async () => {
    const response = await fetch(instance.url(getMyProfileCall.name), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: {} }),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { result: { profile?: { name?: string } } }).result.profile?.name).toBe(
      'Asha Rao',
    )
  })
})
