/**
 * Email against the running stack: a booking confirmed while the SMTP server refuses, its mail
 * retried and delivered to the local inbox (MailDev) once, however often and however
 * concurrently the jobs then run, through the stack's own job trigger included.
 */
import { randomUUID } from 'node:crypto'
import { bookingRequest, VALID_ATTENDEE } from '@yaari/domain/booking.fixture'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { describe, expect, it } from 'vitest'
import { stackPorts, standinControl } from '../../dev/lib/config.mjs'
import { attachmentText, mailTo, waitForMail } from '../../dev/lib/mail-inbox.mjs'
import { runStackJob } from '../../dev/lib/scheduler.mjs'
import { freePort } from '../../dev/lib/stack.mjs'
import { type MailRecord, mailId } from '../../functions/src/lib/data/mail'
import { smtpTransport } from '../../functions/src/lib/smtp'
import { createBooking } from '../../functions/src/services/bookings/create'
import { reconcileBooking } from '../../functions/src/services/bookings/reconcile'
import { deliverMail, deliverOne, RETRY_DELAYS_MS } from '../../functions/src/services/mail/outbox'
import { queueReminders } from '../../functions/src/services/mail/reminders'
import { adminDb, bookableDates, profiledMember, stackDeps } from './helpers'

const event = SEED_EVENTS[1]!
const FROM = 'Yaari <hello@yaari.test>'

describe('booking email through SMTP', () => {
  it('an SMTP server that refuses delays the mail, never the booking; it arrives once, retried, however the jobs race', async () => {
    const member = await profiledMember()
    const email = `mail-${randomUUID()}@example.test`
    const request = bookingRequest(event.id, bookableDates(event)[2]!, { userProfile: { ...VALID_ATTENDEE, email } })
    const { order_id: orderId } = await createBooking(stackDeps(), member, request)
    expect((await standinControl(`/orders/${orderId}/pay`)).ok).toBe(true)

    // The mail work runs on a clock a few minutes ahead, so the stack's own scheduler (on the real
    // clock, every minute) leaves this mail to the test until the end.
    let now = Date.now() + 5 * 60_000
    const deps = (smtp: string) => ({
      ...stackDeps({ now: () => new Date(now) }),
      mailer: () => ({ transport: smtpTransport(smtp), from: FROM }),
    })
    const refusing = `smtp://127.0.0.1:${await freePort()}` // nothing listens there
    const inbox = `smtp://127.0.0.1:${stackPorts().mailSmtp}`

    const confirmed = await reconcileBooking(deps(refusing), orderId)
    expect(confirmed?.status).toBe('confirmed')
    // (Other tests' mail may be due too: this one is sent by its id.)
    const id = mailId(orderId, 'booking-confirmed')
    expect(await deliverOne(deps(refusing), id)).toBe('retry')
    const record = async () => (await adminDb().doc(`mail/${id}`).get()).data() as MailRecord
    expect(await record()).toMatchObject({
      state: 'queued',
      attempts: 1,
      last_error: expect.stringContaining('ECONNREFUSED'),
    })
    expect((await adminDb().doc(`bookings/${orderId}`).get()).get('status')).toBe('confirmed')
    expect(await mailTo(email)).toEqual([])

    // The retry is due: two runs at once, then two more, and the reminders job twice.
    now += RETRY_DELAYS_MS[0]!
    await Promise.all([deliverOne(deps(inbox), id), deliverOne(deps(inbox), id), deliverMail(deps(inbox))])
    await Promise.all([deliverMail(deps(inbox)), queueReminders(deps(inbox)), queueReminders(deps(inbox))])
    const [mail] = await waitForMail(email)
    expect(await record()).toMatchObject({ state: 'sent', attempts: 2 })
    expect(mail!.subject).toMatch(new RegExp(`^You're in: ${event.title}, `))
    expect(mail!.from[0]?.address).toBe('hello@yaari.test')
    expect(mail!.text).toContain(`Order id: ${orderId}`)
    const ics = await attachmentText(mail!, `yaari-${request.eventDate}.ics`)
    expect(ics).toContain(`UID:${orderId}@yaari`)

    // The stack's own job, through its trigger, twice at once, as two scheduler ticks could.
    await Promise.all([runStackJob('deliverMail'), runStackJob('deliverMail')])
    expect(await mailTo(email)).toHaveLength(1)
  })
})
