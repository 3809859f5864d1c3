/**
 * The door's callables on the running stack, through the web SDK as a door phone calls them: who
 * is refused, what bad input gets, what a door phone saves, and how check-ins sync: once per id
 * however often they are sent, the first check-in of a booking kept, a second door's shown as a
 * double entry, an undo handing the admission on, and the member's ticket reading "Checked in".
 */
import { randomUUID } from 'node:crypto'
import { DOOR_CALLABLES, getDoorListCall, syncCheckInsCall } from '@yaari/domain/door'
import { HOST_MESSAGES } from '@yaari/domain/host'
import { passCode } from '@yaari/domain/pass-code'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cancelBooking } from '../../functions/src/services/bookings/cancel'
import { listMyBookings } from '../../functions/src/services/bookings/views'
import { callFunction } from '../../src/lib/firebase'
import * as stack from './helpers'
import { signOutMember } from './helpers'
import { ownEvent } from './own-events'

// Events of this file's own (own-events.ts): files run side by side never share a date.
const sundayMixer = await ownEvent('unplanned-sunday-social-mixup')

afterEach(signOutMember)

const sunday = sundayMixer
const date = stack.bookableDates(sunday)[4]!
// The stack's clock for this date only: an hour into its evening, when the door takes check-ins.
beforeAll(() => stack.atTheNight(sunday.id, date))
const at = () => Date.now() - 1_000
const checkIn = (orderId: string, id = randomUUID()) => ({
  id,
  kind: 'in' as const,
  orderId,
  at: at(),
  method: 'qr' as const,
})
const sync = (door: string, ops: unknown[]) =>
  callFunction(syncCheckInsCall, { eventId: sunday.id, eventDate: date, door, ops } as never)

describe('who may use the door', () => {
  it('a visitor, a member and a host of another city are refused; bad input gets invalid-argument with a reason', async () => {
    const requests: Record<string, unknown> = {
      getDoorList: { eventId: sunday.id, eventDate: date },
      syncCheckIns: { eventId: sunday.id, eventDate: date, door: 'Front', ops: [] },
      removeAdmission: { eventId: sunday.id, eventDate: date, orderId: 'yaari_20990101_x', reason: 'Scanned twice' },
    }
    for (const contract of DOOR_CALLABLES) {
      expect((await stack.failure(stack.callAnything(contract, requests[contract.name]))).code).toBe(
        'functions/unauthenticated',
      )
    }
    await stack.signUpFreshMember()
    for (const contract of DOOR_CALLABLES) {
      const refused = await stack.failure(stack.callAnything(contract, requests[contract.name]))
      expect([refused.code, refused.message]).toEqual(['functions/permission-denied', HOST_MESSAGES.hostsOnly])
    }
    await signOutMember()
    await stack.signedInWith({ host_cities: ['pune'] })
    for (const contract of DOOR_CALLABLES) {
      const refused = await stack.failure(stack.callAnything(contract, requests[contract.name]))
      expect([refused.code, refused.message]).toEqual(['functions/permission-denied', HOST_MESSAGES.notYourCity])
    }
    await signOutMember()
    await stack.signedInHost()
    const cases: [unknown, RegExp][] = [
      [{ ...(requests.syncCheckIns as object), door: ' ' }, /Name this door/],
      [{ ...(requests.syncCheckIns as object), ops: [{ ...checkIn('abc'), id: 'x' }] }, /id must be 8-64/],
      [
        { ...(requests.syncCheckIns as object), ops: [{ ...checkIn('abc'), kind: 'undo' }] },
        /an undo names its check-in/,
      ],
      [{ ...(requests.syncCheckIns as object), ops: Array.from({ length: 101 }, () => checkIn('abc')) }, /at most 100/],
    ]
    for (const [data, reason] of cases) {
      const error = await stack.failure(stack.callAnything(syncCheckInsCall, data))
      expect(error.code).toBe('functions/invalid-argument')
      expect(error.message).toMatch(reason)
    }
  })
})

describe('a night at the door', () => {
  it('saves the list, applies each check-in once, keeps the first door and shows the second as a double', async () => {
    const asha = await stack.paidBooking(sunday.id, date, { name: 'Asha Rao', foodPreference: 'jain' })
    const ravi = await stack.paidBooking(sunday.id, date, { name: 'Ravi Kumar' })
    const gone = await stack.paidBooking(sunday.id, date, { name: 'Gita Nair' })
    await cancelBooking(stack.stackDeps(), gone.member, { orderId: gone.orderId })
    await stack.signedInHost()

    // Ready: the paid guests with their short codes, and the cancelled booking to refuse.
    const list = await callFunction(getDoorListCall, { eventId: sunday.id, eventDate: date })
    expect(list.expected).toBe(2)
    expect(list.guests.find((g) => g.orderId === asha.orderId)).toEqual({
      orderId: asha.orderId,
      code: passCode(asha.orderId),
      name: 'Asha Rao',
      tier: 'girls',
      foodPreference: 'jain',
      state: 'paid',
    })
    expect(list.guests.find((g) => g.orderId === gone.orderId)?.state).toMatch(/cancelled|refunded/)
    expect(list.admissions).toEqual([])

    // The front door admits Asha; the same batch sent again (a lost answer) changes nothing.
    const front = checkIn(asha.orderId)
    const first = await sync('Front door', [front])
    expect(first.admissions).toEqual([
      expect.objectContaining({ orderId: asha.orderId, checkInId: front.id, door: 'Front door', doubles: [] }),
    ])
    expect((await sync('Front door', [front])).admissions).toEqual(first.admissions)
    expect((await stack.adminDb().collection('door_check_ins').where('order_id', '==', asha.orderId).get()).size).toBe(
      1,
    )

    // Her ticket says she is in.
    const { bookings } = await listMyBookings(stack.stackDeps(), asha.member)
    expect(bookings.find((b) => b.orderId === asha.orderId)?.checkedInAt).toBeDefined()

    // The back door, offline all along, admitted her too: kept as a double entry, seen by both.
    const back = checkIn(asha.orderId)
    const both = await sync('Back door', [back, checkIn(ravi.orderId)])
    const ashaIn = both.admissions.find((a) => a.orderId === asha.orderId)
    expect(ashaIn).toMatchObject({ checkInId: front.id, door: 'Front door' })
    expect(ashaIn?.doubles).toEqual([expect.objectContaining({ checkInId: back.id, door: 'Back door' })])
    expect((await sync('Front door', [])).admissions).toEqual(both.admissions)
    expect(both.admissions).toHaveLength(2)

    // An order of no booking of this date is not recorded.
    const stray = await sync('Front door', [checkIn('yaari_20990101_nothing')])
    expect(stray.synced).toBe(0)

    // Undo at the front door: the admission passes to the back door's check-in.
    const undo = { id: randomUUID(), kind: 'undo', orderId: asha.orderId, of: front.id, at: at(), method: 'qr' }
    const undone = await sync('Front door', [undo])
    expect(undone.admissions.find((a) => a.orderId === asha.orderId)).toMatchObject({
      checkInId: back.id,
      door: 'Back door',
      doubles: [],
    })
    // Undone at the back door too: she is not in, and her ticket no longer says so.
    const none = await sync('Back door', [{ ...undo, id: randomUUID(), of: back.id }])
    expect(none.admissions.map((a) => a.orderId)).toEqual([ravi.orderId])
    expect((await stack.adminDb().doc(`bookings/${asha.orderId}`).get()).get('checked_in_at')).toBeUndefined()

    // The console counts who is in.
    const audit = await stack
      .adminDb()
      .collection('audit_log')
      .where('event_id', '==', sunday.id)
      .where('event_date', '==', date)
      .get()
    expect(audit.docs.map((doc) => doc.get('action'))).toEqual(expect.arrayContaining(['ready-door', 'check-in']))
  })

  it('two phones syncing the same guest at the same moment: one admission, one double', async () => {
    const { orderId } = await stack.paidBooking(sunday.id, date, { name: 'Lata Menon' })
    await stack.signedInHost()
    const [a, b] = [checkIn(orderId), checkIn(orderId)]
    await Promise.all([sync('Front door', [a]), sync('Back door', [b])])
    const { admissions } = await sync('Front door', [])
    const lata = admissions.find((admission) => admission.orderId === orderId)
    expect([lata?.checkInId, lata?.doubles[0]?.checkInId].sort()).toEqual([a.id, b.id].sort())
    expect(lata?.doubles).toHaveLength(1)
  })
})
