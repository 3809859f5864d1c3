/**
 * A member's export and account deletion against a fake Firestore and a fake Cashfree: the export
 * holds their data and no one else's; deletion needs a recent sign-in, ends their waitlist places
 * and holds (freeing the seats), cancels upcoming bookings with the policy's refund, keeps only the
 * accounting part of their bookings, mails a confirmation, and is harmless when done again.
 */

import { ACCOUNT_DATA_MESSAGES, EXPORTS_PER_DAY, RECENT_SIGN_IN_MINUTES } from '@yaari/domain/account'
import { saveProfileSchema } from '@yaari/domain/profile'
import { VALID_PROFILE } from '@yaari/domain/profile.fixture'
import { cancellationRefund } from '@yaari/domain/refund-policy'
import { eventStartInstant } from '@yaari/domain/schedule'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { alertDocId, createAlert } from '../lib/data/alerts'
import { mailId } from '../lib/data/mail'
import { holdNumber } from '../lib/data/phone-numbers'
import { bookingWorld, EVENT } from '../testing/booking-world'
import { FakeMail } from '../testing/fake-mail'
import { refusal } from '../testing/refusal'
import { deleteMyAccount, exportMyData } from './account'
import { reconcileBooking } from './bookings/reconcile'
import { accountMailAbout, deliverOne } from './mail/outbox'
import { saveProfile } from './profile'
import { joinWaitlist } from './waitlist/line'

const HOUR = 3_600_000

/**
 * Two members, A and B, three days before the second date, which is full: each has a paid seat on
 * the third date and a place on the second's waitlist; A also holds an unpaid seat on the fourth.
 */
async function world() {
  const w = bookingWorld()
  const [full, paidDate, heldDate] = [w.dates[1]!, w.dates[2]!, w.dates[3]!]
  w.advance(eventStartInstant(full, EVENT.startTime).getTime() - 72 * HOUR - w.now)
  const pay = async (member: { uid: string; email: string }, date: string) => {
    const { order_id: orderId } = await w.book(member, date)
    w.gateway.pay(orderId, w.at())
    await reconcileBooking(w.deps, orderId)
    return orderId
  }
  for (let i = 0; i < EVENT.capacity; i++) await pay(await w.member(), full)
  const a = await w.member()
  const b = await w.member()
  const aPaid = await pay(a, paidDate)
  const bPaid = await pay(b, paidDate)
  const { order_id: aHeld } = await w.book(a, heldDate)
  for (const member of [a, b]) {
    await joinWaitlist(w.deps, member, { eventId: EVENT.id, eventDate: full })
    w.advance(1000)
  }
  const photos = { deleteMemberPhotos: vi.fn(async () => 1) }
  const deleteAuthUser = vi.fn(async () => undefined)
  const deps = { ...w.deps, photos, deleteAuthUser }
  const remove = (member = a, signedInAt = w.now) => deleteMyAccount(deps, { ...member, signedInAt })
  return { w, a, b, aPaid, bPaid, aHeld, full, paidDate, heldDate, photos, deleteAuthUser, remove }
}

describe('exportMyData', () => {
  it("holds the member's profile, bookings, waitlist places and mail, and nothing of anyone else", async () => {
    const { w, a, b, aPaid, aHeld } = await world()
    const data = await exportMyData(w.deps, a)
    expect(data.account).toEqual({ user_id: a.uid, email: a.email })
    expect(data.profile).toMatchObject({ name: VALID_PROFILE.name, gender: VALID_PROFILE.gender })
    expect(data.bookings.map((booking) => booking.order_id).sort()).toEqual([aPaid, aHeld].sort())
    expect(data.bookings.every((booking) => !('payment_session_id' in booking))).toBe(true)
    expect(data.waitlist).toHaveLength(1)
    expect(data.waitlist[0]).toMatchObject({ user_id: a.uid, status: 'waiting' })
    expect(data.emails.map((mail) => mail.kind)).toContain('booking-confirmed')
    expect(data.emails.every((mail) => mail.order_id === aPaid || mail.order_id === aHeld)).toBe(true)
    const text = JSON.stringify(data)
    expect(text).not.toContain(b.uid)
  })

  it('holds the mobile verified on the account and the alerts the member raised, not another’s', async () => {
    const { w, a, b, aPaid } = await world()
    await holdNumber(w.deps.firestore, { number: '+919800000001', uid: a.uid, now: w.now, banned: false })
    await holdNumber(w.deps.firestore, { number: '+919800000002', uid: b.uid, now: w.now, banned: false })
    const alert = (uid: string, orderId: string) => ({
      user_id: uid,
      order_id: orderId,
      event_id: EVENT.id,
      event_date: '2026-12-05',
      guest_name: 'Someone',
      reason: 'lost' as const,
      state: 'answered' as const,
      raised_at: w.now,
      answer: { kind: 'coming' as const, by_uid: 'host-1', by_name: 'Priya Nair', at: w.now + 60_000 },
    })
    await createAlert(w.deps.firestore, alertDocId(aPaid, 'tap0000001'), alert(a.uid, aPaid), w.now)
    await createAlert(w.deps.firestore, alertDocId('other-order', 'tap0000002'), alert(b.uid, 'other-order'), w.now)
    const data = await exportMyData(w.deps, a)
    expect(data.verified_mobile).toBe('+919800000001')
    expect(data.alerts).toEqual([
      {
        order_id: aPaid,
        event_id: EVENT.id,
        event_date: '2026-12-05',
        reason: 'lost',
        note: null,
        state: 'answered',
        raised_at: new Date(w.now).toISOString(),
        answer: { kind: 'coming', by: 'Priya', at: new Date(w.now + 60_000).toISOString() },
        cancelled_at: null,
      },
    ])
    expect(JSON.stringify(data)).not.toContain('+919800000002')
  })

  it('answers a member a few times a day, not a script in a loop', async () => {
    const { w, a } = await world()
    for (let i = 0; i < EXPORTS_PER_DAY; i++) await exportMyData(w.deps, a)
    expect(await refusal(exportMyData(w.deps, a))).toEqual({
      code: 'resource-exhausted',
      message: ACCOUNT_DATA_MESSAGES.tooManyExports,
    })
    w.advance(24 * HOUR)
    await expect(exportMyData(w.deps, a)).resolves.toMatchObject({ account: { user_id: a.uid } })
  })
})

describe('deleteMyAccount', () => {
  it('asks for a recent sign-in, and changes nothing without one', async () => {
    const { w, a, remove, deleteAuthUser } = await world()
    const stale = w.now - (RECENT_SIGN_IN_MINUTES * 60_000 + 1000)
    expect(await refusal(remove(a, stale))).toEqual({
      code: 'unauthenticated',
      message: ACCOUNT_DATA_MESSAGES.signInAgain,
    })
    expect(w.firestore.read(`user_profiles/${a.uid}`)).toBeDefined()
    expect(deleteAuthUser).not.toHaveBeenCalled()
  })

  it("ends the member's places and holds, cancels with the policy's refund, keeps the accounting, and mails once", async () => {
    const { w, a, b, aPaid, bPaid, aHeld, full, paidDate, heldDate, photos, deleteAuthUser, remove } = await world()
    const seatsBefore = { paid: Object.keys(w.seats(paidDate)).length, held: Object.keys(w.seats(heldDate)).length }
    const bProfile = w.firestore.read(`user_profiles/${b.uid}`)
    const bBooking = w.booking(bPaid)

    expect(await remove()).toEqual({ deleted: true })

    // Seats: the hold and the cancelled seat are free again; the full date still is full (B waits).
    expect(Object.keys(w.seats(heldDate))).toHaveLength(seatsBefore.held - 1)
    expect(Object.keys(w.seats(paidDate))).toHaveLength(seatsBefore.paid - 1)
    expect(w.firestore.read(`waitlist/${EVENT.id}_${full}_${a.uid}`)).toBeUndefined()
    expect(w.firestore.read(`waitlist/${EVENT.id}_${full}_${b.uid}`)).toMatchObject({ status: 'waiting' })

    // Bookings: the paid one cancelled with all of it back (72 hours ahead), the hold ended; both
    // keep the order id, amount, date and refund, without the attendee's details.
    const paid = w.booking(aPaid)!
    expect(paid).toMatchObject({ status: 'cancelled', attendee: {}, event_date: paidDate })
    expect(paid.refund).toMatchObject({ amount: paid.amount, reason: 'cancelled' })
    expect(w.booking(aHeld)).toMatchObject({ status: 'expired', attendee: {} })
    // No "your payment window ended" mail to someone who deleted their account.
    expect(w.firestore.read(`mail/${mailId(aHeld, 'payment-ended')}`)).toBeUndefined()

    // Profile, photos and the sign-in are gone; the history of sent mail too.
    expect(w.firestore.read(`user_profiles/${a.uid}`)).toBeUndefined()
    expect(photos.deleteMemberPhotos).toHaveBeenCalledWith(a.uid, null)
    expect(deleteAuthUser).toHaveBeenCalledWith(a.uid)

    // The confirmation: queued once, and it sends.
    const confirmation = mailId(accountMailAbout(a.uid), 'account-deleted')
    expect(confirmation).not.toContain(a.uid)
    expect(w.firestore.read(`mail/${confirmation}`)).toMatchObject({ to: a.email, cancelled_bookings: 1 })
    const mail = new FakeMail()
    expect(await deliverOne({ ...w.deps, mailer: mail.mailer }, confirmation)).toBe('sent')
    expect(mail.sent[0]).toMatchObject({ to: a.email, subject: 'Your Yaari account has been deleted' })
    expect(mail.sent[0]!.text).toContain(ACCOUNT_DATA_MESSAGES.upcomingBooking)
    // Once sent, its record keeps no address.
    expect(w.firestore.read(`mail/${confirmation}`)).toMatchObject({ to: '', state: 'sent' })

    // Nothing else names A: the bookings kept for the accounts say "deleted", claims and places are gone.
    expect(paid.user_id).toBe('deleted')
    const everything = JSON.stringify(
      ['bookings', 'member_dates', 'member_holds', 'member_waits', 'waitlist', 'moderation', 'mail'].map((c) =>
        w.firestore.dump(c),
      ),
    )
    expect(everything).not.toContain(a.uid)
    expect(everything).not.toContain(a.email)
    expect(everything).toContain(b.uid)

    // B is untouched.
    expect(w.firestore.read(`user_profiles/${b.uid}`)).toEqual(bProfile)
    expect(w.booking(bPaid)).toEqual(bBooking)
  })

  it('leaves nothing of the member in a document that holds no booking or mail (written by hand, an older shape)', async () => {
    const { w, a, remove } = await world()
    const db = w.firestore.asFirestore
    await db.doc('bookings/yaari_odd').set({ user_id: a.uid, attendee: { name: 'Asha', email: a.email } })
    await db.doc('mail/odd').set({ to: a.email, state: 'sent' })
    await remove()
    expect(w.firestore.read('bookings/yaari_odd')).toMatchObject({ attendee: {} })
    expect(w.firestore.read('mail/odd')).toBeUndefined()
  })

  it('done again (a retry after a lost answer, a run cut off) changes nothing more', async () => {
    const { w, aPaid, remove, deleteAuthUser } = await world()
    await remove()
    const after = w.firestore.dump('bookings')
    const mails = Object.keys(w.firestore.dump('mail')).length
    expect(await remove()).toEqual({ deleted: true })
    expect(w.firestore.dump('bookings')).toEqual(after)
    expect(Object.keys(w.firestore.dump('mail'))).toHaveLength(mails)
    expect(w.booking(aPaid)?.refund?.amount).toBe(w.booking(aPaid)?.amount)
    expect(deleteAuthUser).toHaveBeenCalledTimes(2)
  })

  it('a run cut off half-way (the photo store down) is finished by the next, and its email still counts the cancel', async () => {
    const { w, a, aPaid, photos, deleteAuthUser, remove } = await world()
    photos.deleteMemberPhotos.mockRejectedValueOnce(new Error('photo store unreachable'))
    await expect(remove()).rejects.toThrow('photo store unreachable')
    expect(w.booking(aPaid)?.status).toBe('cancelled')
    expect(w.firestore.read(`user_profiles/${a.uid}`)).toBeDefined()
    expect(deleteAuthUser).not.toHaveBeenCalled()
    await remove()
    expect(w.firestore.read(`user_profiles/${a.uid}`)).toBeUndefined()
    expect(w.firestore.read(`mail/${mailId(accountMailAbout(a.uid), 'account-deleted')}`)).toMatchObject({
      cancelled_bookings: 1,
    })
    expect(deleteAuthUser).toHaveBeenCalledOnce()
  })

  it('a run cut off after renaming the bookings, before deleting the sign-in, is finished by the next: one goodbye, nothing left naming A', async () => {
    const { w, a, aPaid, deleteAuthUser, remove } = await world()
    deleteAuthUser.mockRejectedValueOnce(new Error('Auth unreachable'))
    await expect(remove()).rejects.toThrow('Auth unreachable')
    expect(w.booking(aPaid)?.user_id).toBe('deleted')
    await expect(remove()).resolves.toEqual({ deleted: true })
    expect(deleteAuthUser).toHaveBeenCalledTimes(2)
    const goodbye = Object.values(w.firestore.dump('mail')).filter((mail) => mail.kind === 'account-deleted')
    expect(goodbye).toHaveLength(1)
    expect(goodbye[0]).toMatchObject({ cancelled_bookings: 1 })
    const everything = JSON.stringify(
      ['bookings', 'member_dates', 'member_holds', 'member_waits', 'waitlist', 'moderation', 'user_profiles'].map((c) =>
        w.firestore.dump(c),
      ),
    )
    expect(everything).not.toContain(a.uid)
  })

  it('a payment that landed on the held seat before the deletion is refunded in full, and the seat freed', async () => {
    const { w, aHeld, heldDate, remove } = await world()
    const seats = Object.keys(w.seats(heldDate)).length
    w.gateway.pay(aHeld, w.at())
    await remove()
    const held = w.booking(aHeld)!
    expect(held.refund).toMatchObject({ amount: held.amount })
    expect(held.status).not.toBe('confirmed')
    expect(Object.keys(w.seats(heldDate))).toHaveLength(seats - 1)
  })

  it('within 48 hours of the event, the refund is what the policy gives then', async () => {
    const { w, aPaid, paidDate, remove } = await world()
    w.advance(eventStartInstant(paidDate, EVENT.startTime).getTime() - 30 * HOUR - w.now)
    await remove(undefined, w.now)
    const paid = w.booking(aPaid)!
    const policy = cancellationRefund(paid.amount, eventStartInstant(paidDate, EVENT.startTime), new Date(w.now))
    expect(policy?.amount).toBeLessThan(paid.amount)
    expect(paid.status).toBe('cancelled')
    expect(paid.refund?.amount).toBe(policy?.amount)
  })
})

describe('a changed gender', () => {
  it('changes the price tier of future bookings only', async () => {
    const { w, a, heldDate, aPaid } = await world()
    const amount = w.booking(aPaid)!.amount
    const photos = { isMemberPhotoUrl: () => true, deleteMemberPhotos: async () => 0 }
    await saveProfile(
      { firestore: w.firestore.asFirestore, photos },
      a,
      v.parse(saveProfileSchema, { ...VALID_PROFILE, gender: 'male' }),
    )
    expect(w.booking(aPaid)).toMatchObject({ amount, tier: 'girls', status: 'confirmed' })
    expect((await refusal(w.book(a, w.dates[4]!, { tier: 'girls' }))).code).toBe('failed-precondition')
    const boys = await w.book(a, w.dates[4]!, { tier: 'boys' })
    expect(w.booking(boys.order_id)).toMatchObject({ tier: 'boys', status: 'pending' })
    expect(heldDate).not.toBe(w.dates[4])
  })
})
