/**
 * The door and the host callables against an insider, through the public API on the running stack:
 * a refunded guest admitted by a syncing phone, back-dated and out-of-night check-ins, an undo of
 * somebody else's check-in, a host overruling an admin's ban, a revoked host, a host mass-mailing,
 * and an outbox with an op the server will never take. Each case is first the attack, then what the
 * server does about it. The date's night is set on the stack's clock (stack_clocks, read only by the
 * emulator on a demo project), so the window is the real one on any day of the week.
 */
import { createHash, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  doorWindow,
  getDoorListCall,
  removeAdmissionCall,
  SYNC_REFUSALS,
  syncCheckInsCall,
  UNDO_WINDOW_MS,
} from '@yaari/domain/door'
import {
  getGuestListCall,
  HOST_MESSAGES,
  listAuditCall,
  messageGuestsCall,
  moderateMemberCall,
} from '@yaari/domain/host'
import { getAuth } from 'firebase-admin/auth'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ROOT, HOST as STACK_HOST, stackPorts } from '../../dev/lib/config.mjs'
import { changeRole } from '../../functions/src/lib/roles'
import { cancelBooking } from '../../functions/src/services/bookings/cancel'
import { auth, callFunction } from '../../src/lib/firebase'
import * as stack from './helpers'
import { signOutMember } from './helpers'
import { ownEvents } from './own-events'

// Events of this file's own (own-events.ts): files run side by side never share a date.
const { midweekDinner: midweek, sundayMixer: sunday } = await ownEvents('midweekDinner', 'sundayMixer')

afterEach(signOutMember)

const night = stack.bookableDates(sunday)[5]!
const dayTime = stack.bookableDates(sunday)[6]!

const emulatorLog = () => readFileSync(join(ROOT, '.tmp', 'logs', 'firebase-emulators.log'), 'utf8')
const logged = (needle: RegExp) =>
  expect.poll(
    () =>
      emulatorLog()
        .split('\n')
        .some((line) => needle.test(line)),
    { timeout: 10_000 },
  )

const op = (orderId: string, overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  kind: 'in' as const,
  orderId,
  at: Date.now(),
  method: 'qr' as const,
  ...overrides,
})
const sync = (ops: unknown[], date = night, door = 'Front door') =>
  stack.callAnything(syncCheckInsCall, { eventId: sunday.id, eventDate: date, door, ops })

beforeAll(async () => {
  await stack.atTheNight(sunday.id, night)
})

/** A date's audit lines (of one action, when named), as the team reads them. */
async function auditOf(eventId: string, date: string, action?: string) {
  let query = stack.adminDb().collection('audit_log').where('event_id', '==', eventId).where('event_date', '==', date)
  if (action) query = query.where('action', '==', action)
  return (await query.get()).docs.map((doc) => doc.data())
}

describe('the door against a stale phone and a phone with a wrong clock', () => {
  it('a seat refunded after "Get ready" is refused once the phone syncs; let in offline, it is a flagged, alerted entry', async () => {
    const asha = await stack.paidBooking(sunday.id, night, { name: 'Asha Rao' })
    await stack.signedInHost()
    const readied = await callFunction(getDoorListCall, { eventId: sunday.id, eventDate: night })
    expect(readied.guests.find((g) => g.orderId === asha.orderId)?.state).toBe('paid')
    expect(readied.keys.until).toBe(new Date(doorWindow(sunday, night).closes).toISOString())
    expect(Object.keys(readied.keys.keys)).toHaveLength(1)

    // Asha cancels after the door was readied: a full refund.
    await cancelBooking(stack.stackDeps(), asha.member, { orderId: asha.orderId })

    // The phone syncs (nothing to send): its list now says refunded, so its next verdict refuses.
    const synced = await sync([])
    expect(synced.guests.find((g) => g.orderId === asha.orderId)?.state).toBe('refunded')
    expect(synced.expected).toBe(readied.expected - 1)

    // A second phone, offline all along, let her in: the server keeps it as a refused entry, no admission.
    const entry = op(asha.orderId)
    const answer = await sync([entry], night, 'Back door')
    expect(answer).toMatchObject({ synced: 1, refused: [] })
    expect(answer.admissions.find((a) => a.orderId === asha.orderId)).toBeUndefined()
    const booking = (await stack.adminDb().doc(`bookings/${asha.orderId}`).get()).data()
    expect(booking?.checked_in_at).toBeUndefined()
    expect(booking?.door_refused_entry).toMatchObject({ door: 'Back door', state: 'refunded' })
    const list = await callFunction(getGuestListCall, { eventId: sunday.id, eventDate: night })
    expect(list.guests.find((g) => g.orderId === asha.orderId)?.enteredUnpaid).toMatchObject({
      door: 'Back door',
      state: 'refunded',
    })
    await logged(
      new RegExp(`"event":"door-unpaid-entry".*${asha.orderId}|${asha.orderId}.*"event":"door-unpaid-entry"`),
    )
    // Sent again (a lost answer): recorded once, alerted once.
    expect(await sync([entry], night, 'Back door')).toMatchObject({ synced: 1, refused: [] })
    expect((await stack.adminDb().collection('door_check_ins').where('order_id', '==', asha.orderId).get()).size).toBe(
      1,
    )
  })

  it('the server’s time is the record: a back-dated check-in is recorded when it arrived, the phone’s time beside it', async () => {
    const ravi = await stack.paidBooking(sunday.id, night, { name: 'Ravi Kumar' })
    await stack.signedInHost()
    const backDated = op(ravi.orderId, { at: Date.parse('2023-01-01T10:00:00Z') })
    expect(await sync([backDated])).toMatchObject({ synced: 1, refused: [] })
    const record = (await stack.adminDb().doc(`door_check_ins/${backDated.id}`).get()).data()
    const window = doorWindow(sunday, night)
    expect(record?.phone_at).toBe(backDated.at)
    expect(record?.at).toBeGreaterThanOrEqual(window.opens)
    expect(record?.at).toBeLessThanOrEqual(window.closes)
    expect((await stack.adminDb().doc(`bookings/${ravi.orderId}`).get()).get('checked_in_at')).toBe(record?.at)
  })

  it('a check-in outside the date’s night is refused with the reason, and nothing is recorded', async () => {
    const gita = await stack.paidBooking(sunday.id, dayTime, { name: 'Gita Nair' })
    await stack.signedInHost()
    const early = op(gita.orderId)
    const answer = await sync([early], dayTime)
    expect(answer.synced).toBe(0)
    expect(answer.refused).toEqual([
      { id: early.id, reason: 'outside-window', message: SYNC_REFUSALS['outside-window'] },
    ])
    expect((await stack.adminDb().doc(`door_check_ins/${early.id}`).get()).exists).toBe(false)
    expect((await stack.adminDb().doc(`bookings/${gita.orderId}`).get()).get('checked_in_at')).toBeUndefined()
  })
})

describe('undo', () => {
  it('an undo must name a check-in of the same booking and date, by the same host, within the minute; later only an admin removes it', async () => {
    const lata = await stack.paidBooking(sunday.id, night, { name: 'Lata Menon' })
    const other = await stack.paidBooking(sunday.id, night, { name: 'Om Prakash' })
    await stack.signedInHost()
    const lataIn = op(lata.orderId)
    const otherIn = op(other.orderId)
    await sync([lataIn, otherIn])
    const undo = (of: string, orderId: string, overrides: Record<string, unknown> = {}) =>
      op(orderId, { kind: 'undo', of, at: lataIn.at + 10_000, ...overrides })

    // Another booking's undo naming Lata's check-in; Lata's undo from another date; too late on the phone.
    const crossOrder = undo(lataIn.id, other.orderId)
    const late = undo(lataIn.id, lata.orderId, { at: lataIn.at + UNDO_WINDOW_MS + 1 })
    const answer = await sync([crossOrder, late])
    expect(answer.refused.map((r) => r.reason)).toEqual(['undo-unknown', 'undo-late'])
    const crossDate = await sync([undo(lataIn.id, lata.orderId)], dayTime)
    expect(crossDate.refused.map((r) => r.reason)).toEqual(['not-this-date'])

    // Another host (their phone, their account) cannot undo it either.
    await signOutMember()
    await stack.signedInHost()
    const notYours = await sync([undo(lataIn.id, lata.orderId)], night, 'Back door')
    expect(notYours.refused.map((r) => r.reason)).toEqual(['undo-not-yours'])
    expect(notYours.admissions.map((a) => a.orderId)).toEqual(expect.arrayContaining([lata.orderId, other.orderId]))
    // A host cannot remove an admission; an admin can, as its own audited action.
    const removal = { eventId: sunday.id, eventDate: night, orderId: lata.orderId, reason: 'Scanned by mistake' }
    expect((await stack.failure(callFunction(removeAdmissionCall, removal))).message).toBe(HOST_MESSAGES.adminsOnly)
    await signOutMember()
    await stack.signedInAdmin()
    expect(await callFunction(removeAdmissionCall, removal)).toEqual({ removed: 1 })
    expect((await stack.adminDb().doc(`door_admissions/${lata.orderId}`).get()).exists).toBe(false)
    expect((await stack.adminDb().doc(`bookings/${lata.orderId}`).get()).get('checked_in_at')).toBeUndefined()
    const audit = await auditOf(sunday.id, night)
    expect(audit.filter((line) => line.action === 'check-in' && line.change.order === lata.orderId)).toEqual([
      expect.objectContaining({ change: expect.objectContaining({ door: 'Front door', method: 'qr' }) }),
    ])
    expect(audit.filter((line) => line.action === 'remove-admission')).toEqual([
      expect.objectContaining({
        change: expect.objectContaining({ order: lata.orderId, reason: 'Scanned by mistake' }),
      }),
    ])
  })

  it('the same host’s undo within the minute takes the admission back, its own audit line', async () => {
    const nina = await stack.paidBooking(sunday.id, night, { name: 'Nina Das' })
    await stack.signedInHost()
    const ninaIn = op(nina.orderId)
    await sync([ninaIn])
    const undo = op(nina.orderId, { kind: 'undo', of: ninaIn.id, at: ninaIn.at + 20_000 })
    const answer = await sync([undo])
    expect(answer).toMatchObject({ synced: 1, refused: [] })
    expect(answer.admissions.find((a) => a.orderId === nina.orderId)).toBeUndefined()
    const undone = await auditOf(sunday.id, night, 'undo-check-in')
    expect(undone.map((line) => line.change.order)).toEqual([nina.orderId])
  })

  it('an op the server will never take is answered as refused; the ops after it in the batch still apply', async () => {
    const pia = await stack.paidBooking(sunday.id, night, { name: 'Pia Sen' })
    await stack.signedInHost()
    const poison = op(pia.orderId, { kind: 'undo', of: 'no-such-check-in' })
    const after = op(pia.orderId)
    const answer = await sync([poison, after])
    expect(answer.refused.map((r) => r.id)).toEqual([poison.id])
    expect(answer.admissions.find((a) => a.orderId === pia.orderId)?.checkInId).toBe(after.id)
  })
})

describe('moderation by a host', () => {
  const date = stack.bookableDates(midweek)[6]!

  it('cannot lower or replace an admin’s standing, nor moderate a host, an admin or themselves; only paid guests', async () => {
    const { member } = await stack.paidBooking(midweek.id, date)
    const request = { eventId: midweek.id, eventDate: date, uid: member.uid, reason: 'Rude to staff' }
    await stack.signedInAdmin()
    expect(await callFunction(moderateMemberCall, { ...request, action: 'ban' })).toMatchObject({ changed: true })
    await signOutMember()
    const host = await stack.signedInHost()
    const lowered = await stack.failure(callFunction(moderateMemberCall, { ...request, action: 'warn' }))
    expect([lowered.code, lowered.message]).toEqual(['functions/permission-denied', HOST_MESSAGES.adminStanding])
    expect((await stack.adminDb().doc(`moderation/${member.uid}`).get()).get('level')).toBe('banned')

    // Themselves, another host, an admin: each refused, whatever seat they hold.
    const self = await stack.failure(callFunction(moderateMemberCall, { ...request, uid: host.uid, action: 'warn' }))
    expect(self.message).toBe(HOST_MESSAGES.notYourself)
    for (const claims of [{ host_cities: ['bangalore'] }, { admin: true }]) {
      await signOutMember()
      const staff = await stack.signedInWith(claims)
      await signOutMember()
      await stack.signedInHost()
      const refused = await stack.failure(
        callFunction(moderateMemberCall, { ...request, uid: staff.uid, action: 'warn' }),
      )
      expect(refused.message).toBe(HOST_MESSAGES.notStaff)
    }

    // A hold that expired unpaid is no seat of the date.
    const expired = await stack.profiledMember()
    await stack
      .adminDb()
      .doc(`bookings/expired_${expired.uid}`)
      .set({
        order_id: `expired_${expired.uid}`,
        user_id: expired.uid,
        event_id: midweek.id,
        event_date: date,
        tier: 'girls',
        amount: midweek.prices.girls,
        seat: null,
        status: 'expired',
        payment_session_id: null,
        hold_expires_at: Date.now() - 60_000,
        created_at: Date.now() - 120_000,
        attendee: {},
      })
    const notPaid = await stack.failure(
      callFunction(moderateMemberCall, { ...request, uid: expired.uid, action: 'warn' }),
    )
    expect(notPaid.message).toBe(HOST_MESSAGES.notOnList)
  })
})

describe('a revoked host', () => {
  it('is refused within a minute of `grant-role --revoke`, though their ID token lives an hour; the refusal is logged', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `${STACK_HOST}:${stackPorts().auth}`
    const firestore = stack.adminDb()
    const host = await stack.signedInHost()
    const signedInSecond = Math.floor(Date.now() / 1000)
    expect(await callFunction(listAuditCall, {})).toHaveProperty('entries')
    // Revoked in a later second than the sign-in (a revocation counts in whole seconds).
    await vi.waitUntil(() => Math.floor(Date.now() / 1000) > signedInSecond, { timeout: 2_000, interval: 20 })
    await changeRole(getAuth(), firestore, {
      email: host.email as string,
      role: 'host',
      city: 'bangalore',
      revoke: true,
    })
    // The same token, still unexpired on the phone: refused once the server's look-up of the account renews.
    await expect
      .poll(
        async () =>
          callFunction(listAuditCall, {}).then(
            () => 'allowed',
            (error: { message: string }) => error.message,
          ),
        { timeout: 45_000, interval: 2_000 },
      )
      .toBe('Your session has ended. Please sign in again.')
    expect(auth().currentUser?.uid).toBe(host.uid)
    await logged(new RegExp(`"event":"host-refused".*${host.uid}|${host.uid}.*"event":"host-refused"`))
  }, 60_000)
})

describe('messages to guests', () => {
  const date = stack.bookableDates(midweek)[5]!
  const message = (overrides: Record<string, unknown> = {}) => ({
    eventId: midweek.id,
    eventDate: date,
    messageId: randomUUID(),
    subject: 'Table moved',
    text: 'We are upstairs.',
    ...overrides,
  })

  it('at most 3 a date a day and 10 a host a day; the audit keeps a digest and the length; a subject is one line', async () => {
    await stack.paidBooking(midweek.id, date)
    await stack.signedInHost()
    for (let n = 0; n < 3; n++)
      expect(await callFunction(messageGuestsCall, message())).toMatchObject({ changed: true })
    const fourth = await stack.failure(callFunction(messageGuestsCall, message()))
    expect([fourth.code, fourth.message]).toEqual(['functions/resource-exhausted', HOST_MESSAGES.tooManyForDate])
    const lines = (await auditOf(midweek.id, date, 'message-guests')).map((line) => line.change)
    expect(lines).toHaveLength(3)
    expect(lines[0]).toEqual({
      subject: 'Table moved',
      textSha256: createHash('sha256').update('We are upstairs.').digest('hex'),
      textLength: 'We are upstairs.'.length,
      guests: 1,
    })
    const twoLines = await stack.failure(callFunction(messageGuestsCall, message({ subject: 'Hi\nBcc: everyone' })))
    expect(twoLines.code).toBe('functions/invalid-argument')
    expect(twoLines.message).toContain(HOST_MESSAGES.subjectOneLine)

    // The same host across other dates: the eleventh of the day is refused.
    const dates = stack
      .bookableDates(midweek)
      .filter((other) => other !== date)
      .slice(0, 4)
    let sent = 3
    for (const other of dates) {
      for (let n = 0; n < 3 && sent < 10; n++, sent++) {
        await callFunction(messageGuestsCall, message({ eventDate: other }))
      }
    }
    const eleventh = await stack.failure(callFunction(messageGuestsCall, message({ eventDate: dates[3] })))
    expect([eleventh.code, eleventh.message]).toEqual(['functions/resource-exhausted', HOST_MESSAGES.tooManyForHost])
  })
})
