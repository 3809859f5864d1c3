// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import type { BookingView } from '@yaari/domain/booking'
import type { NotificationView } from '@yaari/domain/notifications'
import type { UserProfileRecord } from '@yaari/domain/profile'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { clearMemberData, YaariDb } from '../db'
import {
  readBooking,
  readBookings,
  readMobileStatus,
  readNotifications,
  readProfile,
  readWaitlist,
  refreshedAt,
  writeBooking,
  writeBookings,
  writeMobileStatus,
  writeNotificationSettings,
  writeNotifications,
  writeNotificationsRead,
  writeProfile,
  writeProfileAnswers,
  writeWaitlistPlace,
} from './records'

let db: YaariDb
let count = 0
beforeEach(() => {
  db = new YaariDb(`member-data-${++count}`)
})
afterEach(() => db.close())

const booking = (orderId: string, eventDate: string): BookingView => ({
  orderId,
  status: 'confirmed',
  eventId: 'first-hello-stranger-meetup',
  eventDate,
  tier: 'girls',
  amount: 499,
  createdAt: '2026-11-22T03:00:00.000Z',
})

const entry = {
  eventId: 'first-hello-stranger-meetup',
  eventDate: '2026-12-05',
  status: 'waiting' as const,
  position: 2,
  waiting: 3,
  joinedAt: '2026-11-22T03:00:00.000Z',
}

it('keeps the latest list per member, soonest first, with when it came, and forgets it on sign-out', async () => {
  await writeBookings(
    db,
    'alice',
    { bookings: [booking('a1', '2026-12-05'), booking('a2', '2026-11-28')], waitlist: [] },
    { now: 1000 },
  )
  await writeBookings(db, 'bob', { bookings: [booking('b1', '2026-11-28')], waitlist: [] }, { now: 1000 })
  // a1 is gone on the server
  await writeBookings(db, 'alice', { bookings: [booking('a2', '2026-11-28')], waitlist: [entry] }, { now: 2000 })
  expect(await readBookings(db, 'alice')).toEqual([booking('a2', '2026-11-28')])
  expect(await readWaitlist(db, 'alice')).toEqual([entry])
  expect(await refreshedAt(db, 'alice', 'bookings')).toBe(2000)
  await clearMemberData(db, 'alice')
  expect(await readBookings(db, 'alice')).toEqual([])
  expect(await readWaitlist(db, 'alice')).toEqual([])
  expect(await refreshedAt(db, 'alice', 'bookings')).toBeUndefined()
  expect(await readBookings(db, 'bob')).toHaveLength(1)
  expect(await refreshedAt(db, 'bob', 'bookings')).toBe(1000)
})

it('writes nothing for a member who signed out (or was replaced) while the answer was on its way', async () => {
  const written = await writeBookings(
    db,
    'alice',
    { bookings: [booking('a1', '2026-12-05')], waitlist: [] },
    {
      stillTheirs: () => false,
    },
  )
  expect(written).toBe(false)
  expect(await readBookings(db, 'alice')).toEqual([])
  expect(await refreshedAt(db, 'alice', 'bookings')).toBeUndefined()
  await writeBooking(db, 'alice', booking('a2', '2026-12-05'), { stillTheirs: () => false })
  expect(await writeProfile(db, 'alice', null, { stillTheirs: () => false })).toBe(false)
  expect(await readBookings(db, 'alice')).toEqual([])
  expect(await readProfile(db, 'alice')).toBeUndefined()
})

it("never finds another member's booking by its order id", async () => {
  await writeBookings(db, 'alice', { bookings: [booking('a1', '2026-12-05')], waitlist: [] })
  expect(await readBooking(db, 'alice', 'a1')).toEqual(booking('a1', '2026-12-05'))
  expect(await readBooking(db, 'bob', 'a1')).toBeUndefined()
})

it('skips a stored row that no longer fits', async () => {
  await db.bookings.put({ orderId: 'x', uid: 'alice', booking: { orderId: 'x' }, savedAt: 1 })
  expect(await readBookings(db, 'alice')).toEqual([])
  expect(await readBooking(db, 'alice', 'x')).toBeUndefined()
})

it('keeps the venue brief, the pass, the name and the evening after with the ticket, so it opens offline', async () => {
  const ticket: BookingView = {
    ...booking('a1', '2026-12-05'),
    venueBrief: {
      venueName: 'The Long Table',
      address: '12, 100 Feet Road, Indiranagar',
      mapsUrl: 'https://maps.example.test/long-table',
      notes: 'Ask for the Yaari table.',
    },
    attendeeName: 'Asha Rao',
    pass: { credential: 'YP1:ABC', code: '7KX-M2Q' },
    checkedInAt: '2026-12-05T13:40:00.000Z',
    afterNight: { open: true, closesAt: '2026-12-13T04:30:00.000Z', connections: 1 },
  }
  await writeBookings(db, 'alice', { bookings: [ticket], waitlist: [] })
  expect(await readBooking(db, 'alice', 'a1')).toEqual(ticket)
})

it('keeps a cancelled booking with its refund, and one booking changed on its own', async () => {
  await writeBookings(db, 'alice', {
    bookings: [booking('c1', '2026-12-05'), booking('c2', '2026-12-12')],
    waitlist: [],
  })
  const cancelled: BookingView = {
    ...booking('c1', '2026-12-05'),
    status: 'cancelled',
    refund: { amount: 250, status: 'pending', reason: 'cancelled' },
  }
  await writeBooking(db, 'alice', cancelled)
  expect(await readBookings(db, 'alice')).toEqual([cancelled, booking('c2', '2026-12-12')])
})

it("keeps the member's waitlist places, one changed at a time, and drops one that no longer fits", async () => {
  await writeBookings(db, 'alice', { bookings: [], waitlist: [entry, { ...entry, status: 'gone' } as never] })
  expect(await readWaitlist(db, 'alice')).toEqual([entry])
  const other = { ...entry, eventDate: '2026-12-12', position: 1 }
  await writeWaitlistPlace(db, 'alice', other, other)
  expect(await readWaitlist(db, 'alice')).toEqual([entry, other])
  await writeWaitlistPlace(db, 'alice', entry, undefined)
  expect(await readWaitlist(db, 'alice')).toEqual([other])
  expect(await readWaitlist(db, 'bob')).toEqual([])
})

/** A profile with no answer given beyond onboarding's. */
const aliceProfile = {
  user_id: 'alice',
  name: 'Asha Rao',
  email: 'a@example.test',
  mobile: '+919876543210',
  date_of_birth: '1995-01-01',
  gender: 'female',
  profession: 'tech',
  venue_preferences: [],
  interests: '["art"]',
  location: 'koramangala',
  bio: '',
  profile_picture_url: null,
} satisfies UserProfileRecord

it('keeps the profile, or that there is none yet, and forgets it on sign-out', async () => {
  expect(await readProfile(db, 'alice')).toBeUndefined()
  await writeProfile(db, 'alice', null, { now: 5 })
  expect(await readProfile(db, 'alice')).toBeNull()
  const profile = {
    ...aliceProfile,
    profession: 'student',
    food_preference: 'both',
    drinking_preference: 'both',
    personality_type: 'ambivert',
    relationship_status: 'single',
  } satisfies UserProfileRecord
  await writeProfile(db, 'alice', profile, { now: 6 })
  expect(await readProfile(db, 'alice')).toEqual(profile)
  expect(await refreshedAt(db, 'alice', 'profile')).toBe(6)
  await db.profiles.put({ uid: 'bob', profile: { name: 1 }, savedAt: 1 })
  expect(await readProfile(db, 'bob')).toBeUndefined()
  await clearMemberData(db, 'alice')
  expect(await readProfile(db, 'alice')).toBeUndefined()
})

it("adds the answers given with a booking to the device's profile, not counted as a refresh", async () => {
  expect(await writeProfileAnswers(db, 'alice', { food_preference: 'vegetarian' })).toBe(false) // no copy yet
  const profile = aliceProfile
  await writeProfile(db, 'alice', profile, { now: 6 })
  expect(await writeProfileAnswers(db, 'alice', { food_preference: 'vegetarian' }, { stillTheirs: () => false })).toBe(
    false,
  )
  expect(await writeProfileAnswers(db, 'alice', { food_preference: 'vegetarian' })).toBe(true)
  expect(await readProfile(db, 'alice')).toEqual({ ...profile, food_preference: 'vegetarian' })
  expect(await refreshedAt(db, 'alice', 'profile')).toBe(6)
})

it('keeps which mobile is verified beside the profile: a refresh says, a verification updates it', async () => {
  expect(await writeMobileStatus(db, 'alice', { verifiedMobile: '9876543210', mobileCheckSkipped: false })).toBe(false)
  await writeProfile(db, 'alice', aliceProfile, { now: 6, mobile: { verifiedMobile: null, mobileCheckSkipped: false } })
  expect(await readMobileStatus(db, 'alice')).toEqual({ verifiedMobile: null, mobileCheckSkipped: false })
  expect(await writeMobileStatus(db, 'alice', { verifiedMobile: '9876543210', mobileCheckSkipped: false })).toBe(true)
  // A profile written without it (the onboarding's save) keeps what the device knew.
  await writeProfile(db, 'alice', aliceProfile, { now: 7 })
  expect(await readMobileStatus(db, 'alice')).toEqual({ verifiedMobile: '9876543210', mobileCheckSkipped: false })
  await db.profiles.put({ uid: 'bob', profile: null, mobile: { verifiedMobile: 5 }, savedAt: 1 })
  expect(await readMobileStatus(db, 'bob')).toBeUndefined()
})

const notification = (id: string, at: string, read = false): NotificationView => ({
  id,
  kind: 'reminder',
  title: `Notice ${id}`,
  body: 'Doors open at 7 PM.',
  url: '/my-bookings',
  tag: id,
  at,
  read,
})

it('keeps the notifications newest first with the kinds turned off, marks them read up to a time, and forgets them on sign-out', async () => {
  expect(await readNotifications(db, 'alice')).toBeUndefined()
  const older = notification('n1', '2026-11-27T10:00:00.000Z')
  const newer = { ...notification('n2', '2026-11-28T10:00:00.000Z'), detail: 'Bring a friend.' }
  await writeNotifications(db, 'alice', { notices: [older, newer], unread: 2, off: ['how-was'] }, { now: 7 })
  expect(await readNotifications(db, 'alice')).toEqual({ notices: [newer, older], unread: 2, off: ['how-was'] })
  expect(await refreshedAt(db, 'alice', 'notices')).toBe(7)
  // One said after the list was marked stays unread.
  await writeNotificationsRead(db, 'alice', older.at, 1)
  expect(await readNotifications(db, 'alice')).toEqual({
    notices: [newer, { ...older, read: true }],
    unread: 1,
    off: ['how-was'],
  })
  await writeNotificationSettings(db, 'alice', ['venue'])
  expect((await readNotifications(db, 'alice'))?.off).toEqual(['venue'])
  expect(await writeNotifications(db, 'bob', { notices: [], unread: 0, off: [] }, { stillTheirs: () => false })).toBe(
    false,
  )
  expect(await readNotifications(db, 'bob')).toBeUndefined()
  await clearMemberData(db, 'alice')
  expect(await readNotifications(db, 'alice')).toBeUndefined()
  expect(await refreshedAt(db, 'alice', 'notices')).toBeUndefined()
})

it('skips a stored notice that no longer fits, or would open another site, and a kind this version does not know', async () => {
  await db.notices.put({
    uid: 'alice',
    notices: [
      notification('ok', '2026-11-28T10:00:00.000Z'),
      { ...notification('away', '2026-11-28T09:00:00.000Z'), url: '//evil.example/x' },
      { id: 'x' },
    ],
    unread: 3,
    off: ['venue', 'carrier-pigeon'],
    savedAt: 1,
  })
  expect(await readNotifications(db, 'alice')).toEqual({
    notices: [notification('ok', '2026-11-28T10:00:00.000Z')],
    unread: 3,
    off: ['venue'],
  })
})
