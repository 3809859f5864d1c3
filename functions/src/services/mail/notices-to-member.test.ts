/**
 * What a member's own mail is in their notices (the list under the bell, and the push): a new
 * connection, a report reviewed and a moderation notice (neutral words on the lock screen, what it
 * is about only in the list), a host's message (its words only in the list), and a waitlist offer
 * with the time it is held until, in IST. (A booking's mail: notices.test.ts.)
 */
import { catalogueOf } from '@yaari/domain/catalogue'
import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { describe, expect, it } from 'vitest'
import type { MailKind, MailRecord } from '../../lib/data/mail'
import { FakeFirestore } from '../../testing/fake-firestore'
import {
  DATE,
  DAY,
  DAY_BEFORE,
  END,
  EVENT,
  MORNING_AFTER,
  MORNING_OF,
  mail,
  START,
  suffix,
  told,
  wordsOf,
} from '../../testing/notice-mail'

/** A member's own mail (a connection, a report's review): named by the member, about a night. */
const memberMail = (kind: MailKind, over: Partial<MailRecord> = {}) =>
  mail(kind, { order_id: 'member_asha', night: { event_id: EVENT.id, event_date: DATE }, ...over })

/** The catalogue without the event (taken out since). */
const withoutEvent = catalogueOf({
  ...SEED_CATALOGUE,
  events: SEED_CATALOGUE.events.filter((event) => event.id !== EVENT.id),
})

describe('a mail to a member, as a notice', () => {
  it('a new connection: neutral on the lock screen, the other member’s name (any script) only in the list', async () => {
    const record = memberMail('connection', { night: { event_id: EVENT.id, event_date: DATE, name: 'Zoë अनन्या' } })
    expect(wordsOf(await told(record, MORNING_AFTER, { booking: null }))).toEqual({
      uid: 'asha',
      kind: 'connection',
      title: 'You have a new connection',
      body: 'Someone from Midweek Meetup on Wed, 2 Dec would like to meet you again too.',
      detail: 'Zoë अनन्या picked you too.',
      url: '/profile/connections',
      tag: `connection-${suffix}`,
      critical: false,
      until: MORNING_AFTER + DAY,
    })
    const unnamed = await told(memberMail('connection'), MORNING_AFTER, { booking: null })
    expect(unnamed).not.toHaveProperty('detail')
  })

  it('a report reviewed: neutral words pushed, what it is about in the list only', async () => {
    expect(wordsOf(await told(memberMail('report-reviewed'), MORNING_AFTER, { booking: null }))).toEqual({
      uid: 'asha',
      kind: 'account',
      title: 'An update from Yaari',
      body: 'Open Yaari to read it.',
      detail: 'We looked at your report about someone at Midweek Meetup on Wed, 2 Dec. Thank you for telling us.',
      url: '/notifications',
      tag: `report-${suffix}`,
      critical: false,
      until: MORNING_AFTER + DAY,
    })
  })

  it('a moderation notice: neutral words pushed, its reason in the list, told even with no event to name', async () => {
    const notice = { level: 'warning' as const, reason: 'Please keep messages to the evening’s plans.' }
    const record = mail('moderation', { order_id: 'member_asha', notice })
    expect(wordsOf(await told(record, DAY_BEFORE, { booking: null, catalogue: withoutEvent }))).toEqual({
      uid: 'asha',
      kind: 'account',
      title: 'An update from Yaari',
      body: 'Open Yaari to read it.',
      detail: 'About your account: Please keep messages to the evening’s plans.',
      url: '/notifications',
      tag: 'account',
      critical: false,
      until: DAY_BEFORE + DAY,
    })
    const bare = await told(mail('moderation', { order_id: 'member_asha' }), DAY_BEFORE, { booking: null })
    expect(bare).toMatchObject({ title: 'An update from Yaari' })
    expect(bare).not.toHaveProperty('detail')
  })

  it('a host’s message: the message itself only in the list, urgent on the day, true until the evening ends', async () => {
    const firestore = new FakeFirestore()
    const message = { subject: 'Running late', text: 'We start at 8:15 PM — see you soon!' }
    await firestore.doc('host_messages/m-1').set({ event_id: EVENT.id, event_date: DATE, at: MORNING_OF, ...message })
    const record = mail('host-message', { message: 'host_messages/m-1' })
    expect(wordsOf(await told(record, MORNING_OF, { firestore }))).toEqual({
      uid: 'asha',
      kind: 'host-message',
      title: 'A message from your host',
      body: 'About Midweek Meetup, Wed, 2 Dec. Open Yaari to read it.',
      detail: 'Running late\n\nWe start at 8:15 PM — see you soon!',
      url: '/notifications',
      tag: `host-message-${suffix}`,
      critical: true,
      until: END,
    })
    // The day before it waits for quiet hours; a message since deleted is told without its words.
    const gone = await told(mail('host-message', { message: 'host_messages/m-2' }), DAY_BEFORE)
    expect(gone).toMatchObject({ critical: false, body: 'About Midweek Meetup, Wed, 2 Dec. Open Yaari to read it.' })
    expect(gone).not.toHaveProperty('detail')
  })

  it('a waitlist offer: urgent, with the time it is held until in IST, and true only until then', async () => {
    const firestore = new FakeFirestore()
    // Offered at 23:10 IST, held until 23:40 IST (18:10 UTC): the member reads IST.
    const offered = Date.parse('2026-11-30T23:10:00+05:30')
    const ends = Date.parse('2026-11-30T23:40:00+05:30')
    const entry = { user_id: 'asha', event_id: EVENT.id, event_date: DATE, joined_at: offered - DAY, status: 'offered' }
    const slot = { wait_slot: 0, attendee: { email: 'asha@example.test', name: 'Asha' } }
    await firestore.doc('waitlist/e-1').set({ ...entry, ...slot, offer_expires_at: ends, offered_at: offered })
    const record = mail('waitlist-offer', { order_id: 'offer-9', entry: 'waitlist/e-1' })
    const notice = await told(record, offered, { firestore, booking: null })
    expect(wordsOf(notice)).toEqual({
      uid: 'asha',
      kind: 'offer',
      title: 'A seat is yours: Midweek Meetup',
      body: 'Wed, 2 Dec: held for you until 11:40 PM IST. Book it before then.',
      url: `/events/${EVENT.id}`,
      tag: `offer-${suffix}`,
      critical: true,
      until: ends,
    })
    expect(notice).toMatchObject({ push_due_at: offered }) // not held by quiet hours
    // An entry without its end says no time, and is true until the evening starts.
    await firestore.doc('waitlist/e-2').set({ ...entry, ...slot })
    const open = await told(mail('waitlist-offer', { entry: 'waitlist/e-2' }), offered, {
      firestore,
      booking: null,
      id: 'mail-2',
    })
    expect(open).toMatchObject({ body: 'Wed, 2 Dec: held for you. Book it before then.', until: START })
  })

  it('an offer held past midnight names only the clock, not the day it ends', async () => {
    const firestore = new FakeFirestore()
    const offered = Date.parse('2026-11-30T23:50:00+05:30')
    const ends = Date.parse('2026-12-01T00:20:00+05:30')
    const entry = { user_id: 'asha', event_id: EVENT.id, event_date: DATE, joined_at: offered - DAY, status: 'offered' }
    const slot = { wait_slot: 0, attendee: { email: 'asha@example.test' }, offer_expires_at: ends }
    await firestore.doc('waitlist/e-1').set({ ...entry, ...slot })
    const notice = await told(mail('waitlist-offer', { entry: 'waitlist/e-1' }), offered, { firestore, booking: null })
    expect(notice).toMatchObject({ body: 'Wed, 2 Dec: held for you until 12:20 AM IST. Book it before then.' })
  })

  it('tells nothing of an offer whose entry is gone, nor of a message about an event no longer in the catalogue', async () => {
    const gone = mail('waitlist-offer', { entry: 'waitlist/e-9' })
    expect(await told(gone, DAY_BEFORE, { booking: null })).toBeUndefined()
    const message = mail('host-message', { message: 'host_messages/m-1' })
    expect(await told(message, MORNING_OF, { catalogue: withoutEvent })).toBeUndefined()
  })
})
