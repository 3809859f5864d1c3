import { describe, expect, it } from 'vitest'
import { SEED } from './catalogue-seed'
import type { DoorList, LocalCheckIn } from './door'
import { checkedIn, DOOR_REFUSALS, type DoorState, findGuests, guestVerdict, scanVerdict } from './door-verdict'
import { decodePass, type PassClaims, passCredential } from './pass'
import { issueTestPass, testKeyPair } from './pass.fixture'
import { passCode } from './pass-code'
import { passVerifier } from './pass-verifier'

/** A signing key and the passes it issues, `k1` unless told. */
async function keyPair() {
  const key = await testKeyPair()
  return { publicKey: key.publicKey, issue: (claims: PassClaims, keyId = 'k1') => issueTestPass(claims, keyId, key) }
}

const EVENT = 'midweek-wednesday-dinner' as const
const DATE = '2026-12-02'
const claims = (orderId: string, overrides: Partial<PassClaims> = {}): PassClaims => ({
  orderId,
  eventId: EVENT,
  date: DATE,
  tier: 'girls',
  firstName: 'Asha',
  ...overrides,
})
const ASHA = 'yaari_20261202_asha0001'
const RAVI = 'yaari_20261202_ravi0002'
const GONE = 'yaari_20261202_gone0003'
const BACK = 'yaari_20261202_back0004'

const list = (overrides: Partial<DoorList> = {}): DoorList => ({
  eventId: EVENT,
  eventDate: DATE,
  expected: 2,
  guests: [
    { orderId: ASHA, code: passCode(ASHA), name: 'Asha Rao', tier: 'girls', foodPreference: 'jain', state: 'paid' },
    { orderId: RAVI, code: passCode(RAVI), name: 'Ravi Kumar', tier: 'boys', state: 'paid' },
    { orderId: GONE, code: passCode(GONE), name: 'Gita Nair', tier: 'girls', state: 'cancelled' },
    { orderId: BACK, code: passCode(BACK), name: 'Bina Shah', tier: 'girls', state: 'refunded' },
  ],
  admissions: [],
  keys: { keys: {}, until: '2026-12-03T02:30:00.000Z' },
  readAt: '2026-12-02T10:00:00.000Z',
  ...overrides,
})
const at = Date.parse('2026-12-02T14:00:00Z')
const checkIn = (orderId: string, id: string, minutes = 0): LocalCheckIn => ({
  id,
  kind: 'in',
  orderId,
  at: at + minutes * 60_000,
  method: 'qr',
  door: 'Front door',
})

describe('the door verdict on a scanned code', () => {
  it('admits a real pass for tonight: first name, tier, food, and how many are in', async () => {
    const key = await keyPair()
    const state: DoorState = { list: list(), passes: passVerifier({ k1: key.publicKey }), local: [] }
    expect(await scanVerdict(state, SEED, await key.issue(claims(ASHA)))).toEqual({
      kind: 'admit',
      orderId: ASHA,
      firstName: 'Asha',
      tier: 'girls',
      foodPreference: 'jain',
      inCount: 1,
      expected: 2,
      unlisted: false,
    })
    const one = { ...state, local: [checkIn(RAVI, 'checkin-ravi-1')] }
    expect(await scanVerdict(one, SEED, await key.issue(claims(ASHA)))).toMatchObject({ kind: 'admit', inCount: 2 })
  })

  it('refuses a forged, an altered, an unknown-key and a non-pass code', async () => {
    const key = await keyPair()
    const stranger = await keyPair()
    const state: DoorState = { list: list(), passes: passVerifier({ k1: key.publicKey }), local: [] }
    const forged = await stranger.issue(claims(ASHA))
    expect(await scanVerdict(state, SEED, forged)).toMatchObject({ kind: 'refuse', reason: 'forged' })
    const real = decodePass(SEED, await key.issue(claims(ASHA)))!
    const payload = real.payload.slice()
    payload[payload.length - 1] = (payload[payload.length - 1] ?? 0) ^ 1 // one bit of the first name
    expect(await scanVerdict(state, SEED, passCredential(payload, real.signature))).toMatchObject({
      kind: 'refuse',
      reason: 'forged',
      message: DOOR_REFUSALS.forged,
    })
    expect(await scanVerdict(state, SEED, await stranger.issue(claims(ASHA), 'k9'))).toMatchObject({
      reason: 'unknown-key',
    })
    expect(await scanVerdict(state, SEED, 'https://example.com/not-a-pass')).toMatchObject({ reason: 'not-a-pass' })
  })

  it('refuses a real pass for another date or another event', async () => {
    const key = await keyPair()
    const state: DoorState = { list: list(), passes: passVerifier({ k1: key.publicKey }), local: [] }
    const otherDate = await key.issue(claims(ASHA, { date: '2026-12-09' }))
    expect(await scanVerdict(state, SEED, otherDate)).toMatchObject({ kind: 'refuse', reason: 'another-date' })
    const otherEvent = await key.issue(claims(ASHA, { eventId: 'first-hello-stranger-meetup' }))
    expect(await scanVerdict(state, SEED, otherEvent)).toMatchObject({ kind: 'refuse', reason: 'another-event' })
  })

  it('refuses a booking cancelled or refunded since its pass was issued', async () => {
    const key = await keyPair()
    const state: DoorState = { list: list(), passes: passVerifier({ k1: key.publicKey }), local: [] }
    expect(await scanVerdict(state, SEED, await key.issue(claims(GONE)))).toMatchObject({
      kind: 'refuse',
      reason: 'cancelled',
      firstName: 'Gita',
    })
    expect(await scanVerdict(state, SEED, await key.issue(claims(BACK)))).toMatchObject({ reason: 'refunded' })
  })

  it('refuses a guest already in on this phone, saying when and where', async () => {
    const key = await keyPair()
    const state: DoorState = {
      list: list(),
      passes: passVerifier({ k1: key.publicKey }),
      local: [checkIn(ASHA, 'checkin-asha-1')],
    }
    expect(await scanVerdict(state, SEED, await key.issue(claims(ASHA)))).toEqual({
      kind: 'refuse',
      reason: 'already-in',
      message: DOOR_REFUSALS['already-in'],
      orderId: ASHA,
      firstName: 'Asha',
      earlier: { checkInId: 'checkin-asha-1', at: new Date(at).toISOString(), door: 'Front door', by: 'this phone' },
    })
  })

  it('refuses a guest another door checked in, once a sync has told this phone', async () => {
    const key = await keyPair()
    const admitted = {
      orderId: ASHA,
      checkInId: 'checkin-back-1',
      at: '2026-12-02T13:58:00.000Z',
      door: 'Back door',
      by: 'host@yaari.test',
      doubles: [],
    }
    const state: DoorState = {
      list: list({ admissions: [admitted] }),
      passes: passVerifier({ k1: key.publicKey }),
      local: [],
    }
    expect(await scanVerdict(state, SEED, await key.issue(claims(ASHA)))).toMatchObject({
      kind: 'refuse',
      reason: 'already-in',
      earlier: { door: 'Back door', by: 'host@yaari.test' },
    })
  })

  it('admits a real pass for tonight booked after the list was saved, and says so', async () => {
    const key = await keyPair()
    const state: DoorState = { list: list(), passes: passVerifier({ k1: key.publicKey }), local: [] }
    const late = await key.issue(claims('yaari_20261202_late0009', { firstName: 'Lata', tier: 'boys' }))
    expect(await scanVerdict(state, SEED, late)).toMatchObject({ kind: 'admit', firstName: 'Lata', unlisted: true })
  })
})

describe('the door by name', () => {
  it('finds a guest by name or short code, read aloud loosely', () => {
    expect(findGuests(list(), 'ravi').map((g) => g.orderId)).toEqual([RAVI])
    const code = passCode(ASHA)
    expect(findGuests(list(), code.toLowerCase().replace('-', ' ')).map((g) => g.orderId)).toContain(ASHA)
    expect(findGuests(list(), '').length).toBe(4)
  })

  it('an undo takes a check-in back: the guest may be admitted again', () => {
    const local = [
      checkIn(ASHA, 'checkin-asha-1'),
      { ...checkIn(ASHA, 'undo-asha-1', 1), kind: 'undo' as const, of: 'checkin-asha-1' },
    ]
    expect(checkedIn({ list: list(), local }).size).toBe(0)
    expect(guestVerdict({ list: list(), local }, list().guests[0]!)).toMatchObject({ kind: 'admit', inCount: 1 })
  })
})
