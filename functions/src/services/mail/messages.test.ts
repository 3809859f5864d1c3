import { catalogueOf } from '@yaari/domain/catalogue'
import { SEED, SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { REFUND_TIERS } from '@yaari/domain/refund-policy'
import { describe, expect, it } from 'vitest'
import type { BookingRecord } from '../../lib/data/bookings'
import { composeMail, MAIL_KINDS } from './messages'

const booking = (overrides: Partial<BookingRecord> = {}): BookingRecord => ({
  order_id: 'yaari_20261205_abc123',
  user_id: 'member_1',
  event_id: SEED_EVENTS[0]!.id,
  event_date: '2026-12-05',
  tier: 'girls',
  amount: 499,
  seat: 3,
  status: 'confirmed',
  payment_session_id: 'session',
  hold_expires_at: 0,
  created_at: 0,
  attendee: { name: 'Asha Rao', email: 'asha@example.test' },
  ...overrides,
})
const context = (b: BookingRecord) => ({
  catalogue: SEED,
  booking: b,
  appOrigin: 'https://yaari.example',
  now: new Date('2026-11-30T05:00:00Z'),
})
const brief = {
  venueName: 'The <Corner> Table',
  address: '12, 80 Feet Road, Indiranagar',
  mapsUrl: 'https://maps.example/x',
}

describe('the area a mail names', () => {
  it("is the event's own city as the app names it, never Bengaluru nor a city's id", () => {
    const base = SEED_EVENTS[0]!
    const mumbai = { ...base, id: 'mumbai-mixer', city: 'mumbai' }
    const gone = { ...base, id: 'gone-mixer', city: 'crawlpur', status: 'archived' as const }
    const catalogue = catalogueOf({
      ...SEED.snapshot,
      cities: [...SEED.snapshot.cities, { id: 'mumbai', name: 'Mumbai', live: true }],
      events: [...SEED.snapshot.events, mumbai, gone],
    })
    const areaOf = (eventId: string) =>
      composeMail('booking-confirmed', { ...context(booking({ event_id: eventId })), catalogue })!
        .text.split('\n')
        .find((line) => line.startsWith('Area: '))
    expect(areaOf(mumbai.id)).toBe(`Area: ${base.venueArea}, Mumbai`)
    expect(areaOf(gone.id)).toBe(`Area: ${base.venueArea}`)
  })
})

describe('composeMail', () => {
  it('the confirmation: event, date, start time in IST, area, order id, amount, refund policy, My bookings, the .ics', () => {
    const mail = composeMail('booking-confirmed', context(booking()))!
    const event = SEED_EVENTS[0]!
    expect(mail.subject).toBe(`You're in: ${event.title}, Saturday, 5 December 2026`)
    for (const line of [
      `Event: ${event.title} (${event.kind})`,
      'Date: Saturday, 5 December 2026',
      'Starts: 6:00 PM IST',
      `Area: ${event.venueArea}, Bangalore`, // as the app says it (the calendar file keeps the postal Bengaluru)
      'Order id: yaari_20261205_abc123',
      'Amount paid: ₹499',
      ...REFUND_TIERS.map((tier) => `- ${tier.label}`),
      'My bookings: https://yaari.example/my-bookings',
      'Hi Asha,',
    ])
      expect(mail.text).toContain(line)
    expect(mail.html).toContain('<a href="https://yaari.example/my-bookings">My bookings</a>')
    expect(mail.html).toContain('₹499')
    expect(mail.attachments).toHaveLength(1)
    expect(mail.attachments![0]).toMatchObject({
      filename: 'yaari-2026-12-05.ics',
      contentType: expect.stringContaining('text/calendar'),
    })
    expect(mail.attachments![0]!.content).toContain('DTSTART;TZID=Asia/Kolkata:20261205T180000')
    expect(mail.attachments![0]!.content).toContain('UID:yaari_20261205_abc123@yaari')
  })

  it('writes every kind for every event in text and HTML, escaping what the team or member typed', () => {
    for (const event of SEED_EVENTS) {
      const confirmed = booking({ event_id: event.id, attendee: { name: '<b>Asha</b>', email: 'a@example.test' } })
      const refunded = booking({
        event_id: event.id,
        status: 'refunded',
        refund: {
          refund_id: 'r',
          amount: 499,
          reason: 'table-full',
          status: 'pending',
          requested_at: 0,
          updated_at: 0,
          attempts: 0,
        },
      })
      const cases = {
        'booking-confirmed': confirmed,
        'venue-brief': confirmed,
        'venue-changed': confirmed,
        'day-reminder': confirmed,
        'payment-ended': booking({ event_id: event.id, status: 'expired' }),
        'refund-issued': refunded,
        'booking-cancelled': booking({ event_id: event.id, status: 'cancelled' }),
        'date-cancelled': booking({ event_id: event.id, status: 'expired' }),
        'seat-cancelled': booking({
          event_id: event.id,
          status: 'cancelled',
          host_cancel_reason: '<i>Harassment</i> of another guest',
          refund: { ...refunded.refund!, reason: 'host-cancelled' },
        }),
        'how-was': { ...confirmed, after_closes_at: Date.parse('2026-12-10T04:30:00Z') },
      } as const
      for (const kind of MAIL_KINDS) {
        const mail = composeMail(kind, { ...context(cases[kind]), brief })
        expect(mail, `${kind} of ${event.id}`).toBeDefined()
        expect(mail!.text).toContain(event.title)
        expect(mail!.html).not.toContain('<b>Asha</b>')
        expect(mail!.html).not.toContain('<Corner>')
        expect(mail!.html.startsWith('<!doctype html>')).toBe(true)
      }
    }
  })

  it('the venue brief names the venue, address and map; the refund, its amount and the days it takes', () => {
    const venue = composeMail('venue-brief', { ...context(booking()), brief })!
    expect(venue.text).toContain('Venue: The <Corner> Table')
    expect(venue.text).toContain('Address: 12, 80 Feet Road, Indiranagar')
    expect(venue.text).toContain('Map: https://maps.example/x')
    const changed = composeMail('venue-changed', { ...context(booking()), brief })!
    expect(changed.subject).toMatch(/^Venue changed: /)
    expect(changed.text).toContain('Venue: The <Corner> Table')
    const refund = composeMail(
      'refund-issued',
      context(
        booking({
          status: 'refunded',
          refund: {
            refund_id: 'r',
            amount: 499,
            reason: 'duplicate',
            status: 'succeeded',
            requested_at: 0,
            updated_at: 0,
            attempts: 0,
          },
        }),
      ),
    )!
    expect(refund.subject).toBe('Your refund of ₹499 is on its way')
    expect(refund.text).toContain('Expected: within 5-7 business days, to your original payment method')
  })

  it('a seat the host cancelled: the reason the host gave, all of it refunded; nothing while it is still confirmed', () => {
    const refund = {
      refund_id: 'r',
      amount: 499,
      reason: 'host-cancelled' as const,
      status: 'requested' as const,
      requested_at: 0,
      updated_at: 0,
      attempts: 0,
    }
    const cancelled = booking({ status: 'cancelled', host_cancel_reason: 'Suspended: rude to staff', refund })
    const mail = composeMail('seat-cancelled', context(cancelled))!
    expect(mail.subject).toBe(`Your seat is cancelled: ${SEED_EVENTS[0]!.title}, Saturday, 5 December 2026`)
    expect(mail.text).toContain('Reason: Suspended: rude to staff')
    expect(mail.text).toContain('Refund: ₹499, all you paid, within 5-7 business days')
    expect(composeMail('seat-cancelled', context(booking()))).toBeUndefined()
    // A member's own cancellation is not told as the host's.
    expect(composeMail('seat-cancelled', context(booking({ status: 'cancelled' })))).toBeUndefined()
  })

  it("the cancellation receipt: the refund the policy gave, or none; a cancelled booking's refund is in it", () => {
    const half = booking({
      status: 'cancelled',
      refund: {
        refund_id: 'r',
        amount: 250,
        reason: 'cancelled',
        status: 'requested',
        requested_at: 0,
        updated_at: 0,
        attempts: 0,
      },
    })
    const receipt = composeMail('booking-cancelled', context(half))!
    expect(receipt.subject).toMatch(/^Cancelled: /)
    expect(receipt.text).toContain('Refund: ₹250, within 5-7 business days')
    expect(composeMail('booking-cancelled', context(booking({ status: 'cancelled' })))!.text).toContain(
      'Refund: None: cancelled less than 24 hours before the event',
    )
    expect(
      composeMail('refund-issued', context({ ...half, refund: { ...half.refund!, status: 'pending' } })),
    ).toBeUndefined()
  })

  it('writes nothing that no longer applies', () => {
    expect(composeMail('booking-confirmed', context(booking({ status: 'pending' })))).toBeUndefined()
    expect(composeMail('payment-ended', context(booking()))).toBeUndefined()
    expect(composeMail('venue-brief', context(booking()))).toBeUndefined() // no brief shared
    expect(composeMail('day-reminder', context(booking({ status: 'refunded' })))).toBeUndefined()
    expect(composeMail('refund-issued', context(booking()))).toBeUndefined()
  })

  it('asks a guest how the evening was while it is open, with the link to answer; never after', () => {
    const asked = booking({ after_closes_at: Date.parse('2026-12-10T04:30:00Z') })
    const mail = composeMail('how-was', context(asked))!
    expect(mail.subject).toBe(`How was ${SEED.eventById(asked.event_id)!.title}?`)
    expect(mail.text).toContain(`https://yaari.example/my-bookings/${asked.order_id}/after`)
    expect(mail.text).toContain('Nobody is told who picked them')
    expect(composeMail('how-was', { ...context(asked), now: new Date('2026-12-10T04:30:00Z') })).toBeUndefined()
    expect(composeMail('how-was', context(booking()))).toBeUndefined()
    expect(composeMail('how-was', context({ ...asked, status: 'refunded' }))).toBeUndefined()
  })
})
