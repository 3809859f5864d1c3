/**
 * The outbox against a fake Firestore, a fake Cashfree and a fake transport: what a booking's
 * changes queue, that each mail goes out once however often and however concurrently the jobs
 * run, that a failing transport is retried with growing waits and then given up, and that a run
 * cut off mid-send is finished by a later one.
 */

import { HOLD_MINUTES } from '@yaari/domain/booking'
import { describe, expect, it } from 'vitest'
import { type MailRecord, mailId, redactAfterSend } from '../../lib/data/mail'
import { bookingWorld, EVENT } from '../../testing/booking-world'
import { FakeMail } from '../../testing/fake-mail'
import { reconcileBooking } from '../bookings/reconcile'
import { ATTEMPT_LEASE_MS, deliverMail, deliverOne, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './outbox'

async function paid() {
  const world = bookingWorld()
  const mail = new FakeMail()
  const { orderId, date } = await world.paidBooking()
  const mailDeps = { ...world.deps, mailer: mail.mailer }
  const deliver = () => deliverMail(mailDeps)
  const record = (kind = 'booking-confirmed' as const) =>
    world.firestore.read(`mail/${mailId(orderId, kind)}`) as MailRecord | undefined
  return { world, mail, orderId, date, deliver, mailDeps, record }
}

describe('the outbox', () => {
  it("a confirmed booking's mail goes out once, to the attendee, however often the job runs", async () => {
    const { mail, orderId, deliver, record } = await paid()
    expect(record()).toMatchObject({ state: 'queued', to: 'asha@example.test', attempts: 0 })
    expect(await deliver()).toMatchObject({ due: 1, sent: 1 })
    await deliver()
    await reconcileBooking((await paid()).world.deps, orderId) // another world: no effect here
    expect(mail.sent).toHaveLength(1)
    expect(mail.sent[0]).toMatchObject({
      to: 'asha@example.test',
      from: 'Yaari <hello@yaari.test>',
      // Its Message-ID's domain is the sender's.
      messageId: `<${orderId}_booking-confirmed@yaari.test>`,
    })
    expect(record()).toMatchObject({ state: 'sent', attempts: 1 })
    expect(record()).not.toHaveProperty('due_at')
  })

  it('two runs at once send it once', async () => {
    const { mail, deliver } = await paid()
    await Promise.all([deliver(), deliver(), deliver()])
    expect(mail.sent).toHaveLength(1)
  })

  it('reconciling a confirmed booking again queues nothing more', async () => {
    const { world, orderId, deliver, mail } = await paid()
    await deliver()
    await reconcileBooking(world.deps, orderId)
    await deliver()
    expect(Object.keys(world.firestore.dump('mail'))).toEqual([`${orderId}_booking-confirmed`])
    expect(mail.sent).toHaveLength(1)
  })

  it('a failing transport is retried with growing waits; the booking stays confirmed throughout', async () => {
    const { world, mail, deliver, record, orderId } = await paid()
    mail.failures = 2
    expect(await deliver()).toMatchObject({ retrying: 1 })
    expect(record()).toMatchObject({ state: 'queued', attempts: 1, due_at: world.now + RETRY_DELAYS_MS[0]! })
    expect(world.booking(orderId)?.status).toBe('confirmed')
    await deliver() // not due yet
    expect(mail.tries).toBe(1)
    world.advance(RETRY_DELAYS_MS[0]!)
    await deliver()
    expect(record()).toMatchObject({ attempts: 2, due_at: world.now + RETRY_DELAYS_MS[1]! })
    world.advance(RETRY_DELAYS_MS[1]!)
    await deliver()
    expect(record()).toMatchObject({ state: 'sent', attempts: 3 })
    expect(mail.sent).toHaveLength(1)
  })

  it('a recipient the server refuses for good (550) is failed at once, never counted as sent, nor tried again', async () => {
    const { world, mail, deliver, record } = await paid()
    mail.refused.add('asha@example.test')
    expect(await deliver()).toMatchObject({ failed: 1 })
    expect(record()).toMatchObject({ state: 'failed', attempts: 1 })
    expect(record()?.last_error).toContain('550')
    world.advance(RETRY_DELAYS_MS.at(-1)!)
    await deliver()
    expect(mail.tries).toBe(1)
    expect(mail.sent).toHaveLength(0)
  })

  it('is given up after the last attempt', async () => {
    const { world, mail, deliver, record } = await paid()
    mail.failures = Number.POSITIVE_INFINITY
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await deliver()
      world.advance(RETRY_DELAYS_MS.at(-1)!)
    }
    expect(record()).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS })
    expect(record()).not.toHaveProperty('due_at')
    await deliver()
    expect(mail.tries).toBe(MAX_ATTEMPTS)
  })

  it('an attempt cut off mid-send (its run died) is taken up again once its lease has passed', async () => {
    const { world, mail, mailDeps, orderId, record } = await paid()
    const id = mailId(orderId, 'booking-confirmed')
    // A run claimed attempt 1 and died before it sent anything.
    await world.firestore.doc(`mail/${id}/attempts/1`).create({ started_at: world.now })
    expect(await deliverOne(mailDeps, id)).toBe('busy')
    world.advance(ATTEMPT_LEASE_MS + 1)
    expect(await deliverOne(mailDeps, id)).toBe('busy') // counts the lost attempt
    expect(await deliverOne(mailDeps, id)).toBe('sent')
    expect(record()).toMatchObject({ state: 'sent', attempts: 2 })
    expect(mail.sent).toHaveLength(1)
  })

  it('a run made "as of" a later day never takes over an attempt still being made: the lease runs on Firestore\'s clock', async () => {
    const { world, mail, mailDeps, orderId, record } = await paid()
    const id = mailId(orderId, 'booking-confirmed')
    // Another run claimed attempt 1 a moment ago and is sending it now.
    await world.firestore.doc(`mail/${id}/attempts/1`).create({ started_at: world.now })
    // A run whose clock says 60 days later (a job run as of then, or an instance whose clock is off).
    const later = { ...mailDeps, now: () => new Date(world.now + 60 * 86_400_000) }
    expect(await deliverOne(later, id)).toBe('busy')
    expect(await deliverOne(later, id)).toBe('busy')
    expect(record()).toMatchObject({ state: 'queued', attempts: 0 })
    expect(mail.sent).toHaveLength(0)
  })

  it('a booking whose hold ran out at checkout gets the payment-ended mail, with a link back to the event', async () => {
    const world = bookingWorld()
    const mail = new FakeMail()
    const member = await world.member()
    const { order_id: orderId } = await world.book(member, world.dates[1]!)
    world.gateway.attempt(orderId, 'FAILED', world.at())
    world.advance(HOLD_MINUTES * 60_000 + 1)
    await reconcileBooking(world.deps, orderId)
    await deliverMail({ ...world.deps, mailer: mail.mailer })
    expect(mail.sent.map((m) => m.subject)).toEqual([`Your booking for ${EVENT.title} was not completed`])
    expect(mail.sent[0]?.text).toContain('Your payment did not go through')
    expect(mail.sent[0]?.text).toContain(`https://yaari.example/events/${EVENT.id}`)
  })

  it('a payment that lands after the hold ended, the date booked again meanwhile: told of the refund, not that nothing was paid', async () => {
    const world = bookingWorld()
    const mail = new FakeMail()
    const member = await world.member()
    const date = world.dates[1]!
    const { order_id: orderId } = await world.book(member, date)
    world.advance(HOLD_MINUTES * 60_000 + 1)
    await reconcileBooking(world.deps, orderId) // expired, its seat freed
    // The member books the date again and pays; then the first order's late payment arrives.
    const again = await world.book(member, date)
    world.gateway.pay(again.order_id, world.at())
    await reconcileBooking(world.deps, again.order_id)
    world.gateway.pay(orderId, world.at())
    await reconcileBooking(world.deps, orderId)
    expect(world.booking(orderId)).toMatchObject({ status: 'refunded', refund: { reason: 'duplicate' } })
    await deliverMail({ ...world.deps, mailer: mail.mailer })
    const subjects = mail.sent.map((m) => `${m.subject} -> ${m.messageId}`).sort()
    expect(subjects).toEqual(
      [
        `You're in: ${EVENT.title}, ${longDate(date)} -> <${again.order_id}_booking-confirmed@yaari.test>`,
        `Your refund of ₹${world.booking(orderId)!.amount} is on its way -> <${orderId}_refund-issued@yaari.test>`,
      ].sort(),
    )
    // Its payment-ended mail was queued when the hold ran out, then dropped: the booking was paid.
    expect(world.firestore.read(`mail/${mailId(orderId, 'payment-ended')}`)).toMatchObject({ state: 'skipped' })
  })

  it('a booking without an email address queues nothing', async () => {
    const world = bookingWorld()
    const member = await world.member()
    const { order_id: orderId } = await world.book(member, world.dates[1]!)
    await world.firestore.doc(`bookings/${orderId}`).update({ attendee: { name: 'No Mail' } })
    world.gateway.pay(orderId, world.at())
    await reconcileBooking(world.deps, orderId)
    expect(world.booking(orderId)?.status).toBe('confirmed')
    expect(world.firestore.dump('mail')).toEqual({})
  })
})

describe('a mail to an account deleted while it is being sent', () => {
  it('loses its address once sent, whichever side writes last: the send or the deletion', async () => {
    const { world, mail, mailDeps, orderId, record } = await paid()
    const id = mailId(orderId, 'booking-confirmed')
    // The account is deleted while the SMTP server has the mail (the run read it before).
    const send = mail.send.bind(mail)
    mail.send = async (message) => {
      await redactAfterSend(world.firestore.asFirestore, id)
      await send(message)
    }
    expect(await deliverOne(mailDeps, id)).toBe('sent')
    expect(record()).toMatchObject({ state: 'sent', to: '' })
    // And the other order: the deletion marks a mail the send has just finished.
    const other = await paid()
    const otherId = mailId(other.orderId, 'booking-confirmed')
    expect(await deliverOne(other.mailDeps, otherId)).toBe('sent')
    await redactAfterSend(other.world.firestore.asFirestore, otherId)
    expect(other.record()).toMatchObject({ state: 'sent', to: '' })
  })
})

describe('a document in the mail queue that holds no mail', () => {
  it('is never sent, and leaves the queue (marked failed) instead of taking a place in every run', async () => {
    const { world, mail, deliver } = await paid()
    await world.firestore.asFirestore.doc('mail/odd').set({ state: 'queued', due_at: world.now - 1 })
    expect(await deliver()).toMatchObject({ due: 2, sent: 1, failed: 1 })
    expect(mail.sent).toHaveLength(1)
    expect(world.firestore.read('mail/odd')).toMatchObject({ state: 'failed' })
    expect(world.firestore.read('mail/odd')).not.toHaveProperty('due_at')
  })
})

function longDate(date: string) {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}
