/**
 * The words `tell` keeps and how long each kind stays true: a title and a line cut to the push's
 * limits with an ellipsis (whatever the script), a detail kept for the list only, a push held by
 * quiet hours unless critical, `notificationUntil` when a notification names no evening, and what the account a
 * device moved away from is told (once a day, by the IST day).
 */
import { PUSH_LIMITS } from '@yaari/domain/notifications'
import { describe, expect, it } from 'vitest'
import { clockAt } from '../../lib/context'
import { FakeFirestore } from '../../testing/fake-firestore'
import { device } from '../../testing/push-devices'
import { type Notification, notificationUntil, saveSubscription, tell } from './member-notifications'

const DAY = 86_400_000
const AFTERNOON = Date.parse('2026-12-01T14:00:00+05:30')
const EVENING = {
  date: '2026-12-02',
  start: Date.parse('2026-12-02T20:00:00+05:30'),
  end: Date.parse('2026-12-02T22:30:00+05:30'),
}
const DEVICE = device(1)

const notification = (over: Partial<Notification> = {}): Notification => ({
  id: 'n-1',
  uid: 'asha',
  kind: 'venue',
  title: 'Venue changed: Midweek Meetup',
  body: 'The venue for Wed, 2 Dec has changed. See where to go on your ticket.',
  url: '/my-bookings/order-1',
  tag: 'venue-midweek-wednesday-dinner-2026-12-02',
  critical: false,
  until: EVENING.end,
  ...over,
})

async function kept(over: Partial<Notification>, now = AFTERNOON) {
  const firestore = new FakeFirestore(() => now)
  await tell(firestore.asFirestore, notification(over), now)
  return firestore.read('notices/n-1')
}

describe('the words a notice keeps', () => {
  it('keeps words within the limits as said, and the detail for the list', async () => {
    expect(await kept({ detail: 'Running late\n\nWe start at 8:15 PM.' })).toMatchObject({
      uid: 'asha',
      kind: 'venue',
      title: 'Venue changed: Midweek Meetup',
      body: 'The venue for Wed, 2 Dec has changed. See where to go on your ticket.',
      detail: 'Running late\n\nWe start at 8:15 PM.',
      url: '/my-bookings/order-1',
      tag: 'venue-midweek-wednesday-dinner-2026-12-02',
      at: AFTERNOON,
      read: false,
      critical: false,
      until: EVENING.end,
      push_state: 'due',
      push_due_at: AFTERNOON,
    })
    expect(await kept({ detail: '' })).not.toHaveProperty('detail')
  })

  it('cuts a title past 60 characters and a line past 160 with an ellipsis, leaving no space before it', async () => {
    expect(PUSH_LIMITS).toEqual({ title: 60, body: 160 })
    const title = 'Your seat was cancelled: Midweek Meetup for Book Lovers and Board Gamers'
    const body = `Your host cancelled your seat for Wed, 2 Dec. ${'Your full refund is on its way. '.repeat(5)}`
    const record = await kept({ title, body })
    expect(record?.title).toBe('Your seat was cancelled: Midweek Meetup for Book Lovers and…')
    expect(record?.body).toBe(
      'Your host cancelled your seat for Wed, 2 Dec. Your full refund is on its way. Your full refund is on its way. ' +
        'Your full refund is on its way. Your full refund…',
    )
    expect(String(record?.title)).toHaveLength(60)
    expect(String(record?.body)).toHaveLength(159) // the space before the cut dropped
    // A cut that falls after a space drops the space.
    const spaced = await kept({ title: 'Your seat was cancelled: The Midweek Meetup for Book Lover and Board Gamers' })
    expect(spaced?.title).toBe('Your seat was cancelled: The Midweek Meetup for Book Lover…')
    // Exactly at the limit: kept whole.
    expect((await kept({ title: 'T'.repeat(60) }))?.title).toBe('T'.repeat(60))
  })

  it('cuts a title in another script the same way, by UTF-16 length', async () => {
    const title = `Cancelled: ${'चाय पे चर्चा '.repeat(5)}`
    expect((await kept({ title }))?.title).toBe('Cancelled: चाय पे चर्चा चाय पे चर्चा चाय पे चर्चा चाय पे चर…')
    // An emoji across the cut is split in half today: a lone surrogate before the ellipsis (reported, not fixed here).
    const party = `Venue changed: ${'A'.repeat(43)}🎉 Party Night`
    expect((await kept({ title: party }))?.title).toBe(`Venue changed: ${'A'.repeat(43)}\ud83c…`)
  })

  it('keeps a detail of up to 4000 characters, cut without an ellipsis', async () => {
    const detail = `${'x'.repeat(3999)}yz`
    expect((await kept({ detail }))?.detail).toBe(`${'x'.repeat(3999)}y`)
  })

  it('holds a push in quiet hours until 08:00 IST unless the notice is critical', async () => {
    const night = Date.parse('2026-12-01T23:30:00+05:30')
    expect(await kept({}, night)).toMatchObject({ push_due_at: Date.parse('2026-12-02T08:00:00+05:30') })
    expect(await kept({ critical: true }, night)).toMatchObject({ push_due_at: night, critical: true })
  })

  it('is said once per id: a second telling changes none of the words', async () => {
    const firestore = new FakeFirestore(() => AFTERNOON)
    expect(await tell(firestore.asFirestore, notification(), AFTERNOON)).toBe(true)
    expect(await tell(firestore.asFirestore, notification({ title: 'Venue shared: Midweek Meetup' }), AFTERNOON)).toBe(
      false,
    )
    expect(firestore.read('notices/n-1')?.title).toBe('Venue changed: Midweek Meetup')
  })
})

describe('how long a notice stays true when it names no evening', () => {
  it('an offer until it ends, else its evening’s start; every other kind a day', () => {
    expect(notificationUntil('offer', AFTERNOON, { offerEnds: AFTERNOON + 1_800_000 })).toBe(AFTERNOON + 1_800_000)
    expect(notificationUntil('offer', AFTERNOON, { evening: EVENING })).toBe(EVENING.start)
    expect(notificationUntil('offer', AFTERNOON)).toBe(AFTERNOON + DAY)
    for (const kind of ['reminder', 'group', 'venue', 'host-message', 'how-was', 'connection', 'cancelled'] as const)
      expect(notificationUntil(kind, AFTERNOON), kind).toBe(AFTERNOON + DAY)
    expect(notificationUntil('account', AFTERNOON)).toBe(AFTERNOON + DAY)
  })

  it('a connection, a cancellation or the account stays a day even when an evening is named', () => {
    for (const kind of ['connection', 'cancelled', 'account'] as const)
      expect(notificationUntil(kind, AFTERNOON, { evening: EVENING }), kind).toBe(AFTERNOON + DAY)
  })
})

describe('a device that moves to another account', () => {
  const moved = async (now: number) => {
    const firestore = new FakeFirestore(() => now)
    await saveSubscription(
      { firestore: firestore.asFirestore, now: clockAt(now), pushStandin: undefined },
      { uid: 'asha' },
      DEVICE,
    )
    expect(
      await saveSubscription(
        { firestore: firestore.asFirestore, now: clockAt(now), pushStandin: undefined },
        { uid: 'bela' },
        DEVICE,
      ),
    ).toEqual({
      saved: true,
      moved: true,
    })
    const told = Object.entries(firestore.dump('notices'))
    expect(told).toHaveLength(1)
    return told[0]!
  }

  it('tells the account it left, in words that name no one', async () => {
    const [id, record] = await moved(AFTERNOON)
    expect(id).toMatch(/^device-moved_.+_asha_2026-12-01$/)
    expect(record).toMatchObject({
      uid: 'asha',
      kind: 'account',
      title: 'Notifications moved to another account',
      body: 'A device you had turned notifications on for now gets them for someone else.',
      detail:
        'Someone signed in to Yaari on a phone or browser where you had allowed notifications, and allowed them there. ' +
        'If that was you with another account, nothing needs doing. If not: on your own phone, turn notifications off ' +
        'and on again in your profile; and if someone else may know your password, sign out and choose a new one with ' +
        '"Forgot password?" on the sign-in page.',
      url: '/profile',
      tag: 'device-moved',
      critical: false,
      until: AFTERNOON + DAY,
    })
  })

  it('names the IST day in its id: 00:30 IST is the next day, though UTC still says the day before', async () => {
    const [id] = await moved(Date.parse('2026-12-02T00:30:00+05:30'))
    expect(id).toMatch(/_asha_2026-12-02$/)
  })
})
