/**
 * A date's groups through the public API on the running stack: a host of the city plans the paid
 * guests into groups, moves one, publishes; members see when their group is revealed and, from the
 * reveal (the date's clock moved to its evening), their own group with the others' first names;
 * the door names each guest's group; the export holds it. Each refusal is tried as the person it
 * refuses: a member, a host of another city, a move that seats a blocked pair together, a member
 * asking for another's booking, a guest whose seat was cancelled.
 */

import { randomUUID } from 'node:crypto'
import { exportMyDataCall } from '@yaari/domain/account'
import { getAfterNightCall } from '@yaari/domain/after-night'
import { morningAfter, pairId } from '@yaari/domain/after-night-rules'
import { getBookingCall } from '@yaari/domain/booking'
import { SEED } from '@yaari/domain/catalogue-seed'
import { getDoorListCall, syncCheckInsCall } from '@yaari/domain/door'
import {
  changeGroupsCall,
  GROUP_MESSAGES,
  type GroupChange,
  type GroupsView,
  getGroupsCall,
  revealAt,
} from '@yaari/domain/groups'
import { HOST_MESSAGES, hostCancelSeatCall } from '@yaari/domain/host'
import { listMyBookingsCall } from '@yaari/domain/my-bookings'
import { getMyProfileCall, saveProfileCall } from '@yaari/domain/profile'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runStackJob } from '../../dev/lib/scheduler.mjs'
import { tellGroups } from '../../functions/src/services/groups/published'
import { callFunction } from '../../src/lib/firebase'
import {
  adminDb,
  atTheNight,
  bookableDates,
  callAnything,
  emptyEveryDate,
  failure,
  type Guest,
  guestWhoPaid,
  signedInWith,
  signInAs,
  signOutMember,
  signUpFreshMember,
  stackDeps,
  VALID_PROFILE,
} from './helpers'

afterEach(signOutMember)
afterAll(emptyEveryDate)

const dinner = SEED.eventById('midweek-wednesday-dinner')!
const date = bookableDates(dinner)[2]!

const PERSONALITIES = ['extrovert', 'introvert', 'ambivert'] as const
const INTERESTS = [['photography', 'travel'], ['gaming', 'art'], ['travel', 'outdoor'], ['book_clubs']] as const

/** A member with an account and a profile, who paid for a seat of the dinner; left signed out. */
function paidGuest(name: string, n: number): Promise<Guest> {
  const girl = n % 2 === 0
  return guestWhoPaid(dinner.id, date, name, {
    profile: { gender: girl ? 'female' : 'male' },
    request: { tier: girl ? 'girls' : 'boys' },
    attendee: {
      personalityType: PERSONALITIES[n % 3],
      interests: [...INTERESTS[n % 4]!],
      foodPreference: n === 3 || n === 8 ? 'jain' : 'non_vegetarian',
      dateOfBirth: `${1990 + (n % 8)}-03-1${n % 10}`,
    },
  })
}

const as = signInAs
const hostOf = (city: string) => signedInWith({ host_cities: [city] })
const dateOf = { eventId: dinner.id, eventDate: date }
const yourGroupOf = async (guest: Guest) => {
  await as(guest)
  return (await callFunction(getBookingCall, { orderId: guest.orderId })).booking.table
}
/** A host's change to the groups as they now see them (the version their view names). */
async function changeGroups(change: GroupChange) {
  const { dateGroups } = await callFunction(getGroupsCall, dateOf)
  return callFunction(changeGroupsCall, { ...dateOf, version: dateGroups.version, change })
}
const groupOf = (view: GroupsView, guest: Guest) =>
  view.groups.find((group) => group.guests.some((seated) => seated.orderId === guest.orderId))!

const NAMES = ['Asha', 'Bala', 'Chitra', 'Dev', 'Esha', 'Farhan', 'Gita', 'Hari', 'Isha', 'Jai', 'Kavya', 'Lokesh']
let guests: Guest[]
let planned: GroupsView

beforeAll(async () => {
  await emptyEveryDate()
  guests = []
  for (const [n, first] of NAMES.entries()) guests.push(await paidGuest(`${first} Test`, n))
  // Asha blocked Bala (after an evening elsewhere): they must never share a group.
  const [asha, bala] = [guests[0]!, guests[1]!]
  await adminDb()
    .collection('blocks')
    .doc(pairId(asha.uid, bala.uid))
    .set({ from: asha.uid, to: bala.uid, at: Date.now() })
}, 180_000)

describe('a host plans, moves and publishes', () => {
  it('refuses a member and a host of another city, before and after a plan', async () => {
    await signedInWith({})
    expect((await failure(callFunction(getGroupsCall, dateOf))).code).toBe('functions/permission-denied')
    await hostOf('hyderabad')
    expect((await failure(callFunction(getGroupsCall, dateOf))).code).toBe('functions/permission-denied')
    const refused = await failure(callFunction(changeGroupsCall, { ...dateOf, version: 0, change: { kind: 'plan' } }))
    expect(refused.code).toBe('functions/permission-denied')
  })

  it('plans 12 paid guests into two groups of 6, each guest once, the blocked pair apart', async () => {
    await hostOf('bangalore')
    expect((await callFunction(getGroupsCall, dateOf)).dateGroups.status).toBe('none')
    const { dateGroups, changed } = await changeGroups({ kind: 'plan' })
    expect(changed).toBe(true)
    expect(dateGroups.status).toBe('draft')
    expect(dateGroups.groups.map((group) => group.guests.length)).toEqual([6, 6])
    const seated = dateGroups.groups.flatMap((group) => group.guests.map((guest) => guest.orderId)).sort()
    expect(seated).toEqual(guests.map((guest) => guest.orderId).sort())
    expect(groupOf(dateGroups, guests[0]!).number).not.toBe(groupOf(dateGroups, guests[1]!).number)
    // The two Jain guests sit together.
    expect(groupOf(dateGroups, guests[3]!).number).toBe(groupOf(dateGroups, guests[8]!).number)
    planned = dateGroups
  })

  it('refuses a move that would seat a blocked pair together, and moves anyone else', async () => {
    await hostOf('bangalore')
    const ashaGroup = groupOf(planned, guests[0]!).number
    const refused = await failure(changeGroups({ kind: 'move', orderId: guests[1]!.orderId, group: ashaGroup }))
    expect(refused.code).toBe('functions/failed-precondition')
    expect(refused.message).toBe(GROUP_MESSAGES.apart)
    // Someone from the other group who is not Bala moves to Asha's.
    const mover = guests.find(
      (guest) => guest !== guests[1] && groupOf(planned, guest).number !== ashaGroup && guest !== guests[3],
    )!
    const { dateGroups } = await changeGroups({ kind: 'move', orderId: mover.orderId, group: ashaGroup })
    expect(groupOf(dateGroups, mover).number).toBe(ashaGroup)
    expect(dateGroups.groups.map((group) => group.guests.length).sort()).toEqual([5, 7])
    planned = dateGroups
  })

  it('keeps a locked group through a re-plan, and refuses moves into or out of it', async () => {
    await hostOf('bangalore')
    const ashaGroup = groupOf(planned, guests[0]!)
    const locking = await changeGroups({ kind: 'lock', group: ashaGroup.number, locked: true })
    expect(locking.dateGroups.groups.find((group) => group.number === ashaGroup.number)?.locked).toBe(true)
    const { dateGroups } = await changeGroups({ kind: 'plan' })
    const kept = dateGroups.groups.find((group) => group.number === ashaGroup.number)!
    expect(kept.guests.map((guest) => guest.orderId).sort()).toEqual(ashaGroup.guests.map((g) => g.orderId).sort())
    const outsider = guests.find((guest) => groupOf(dateGroups, guest).number !== ashaGroup.number)!
    const refused = await failure(changeGroups({ kind: 'move', orderId: outsider.orderId, group: ashaGroup.number }))
    expect(refused.message).toBe(GROUP_MESSAGES.locked)
    planned = dateGroups
  })

  it('refuses a change to groups another host changed since they were read', async () => {
    await hostOf('bangalore')
    const { dateGroups: seen } = await callFunction(getGroupsCall, dateOf)
    const first = seen.groups[0]!
    await changeGroups({ kind: 'lock', group: first.number, locked: !first.locked })
    const refused = await failure(
      callFunction(changeGroupsCall, { ...dateOf, version: seen.version, change: { kind: 'publish' } }),
    )
    expect(refused.code).toBe('functions/aborted')
    expect(refused.message).toBe(GROUP_MESSAGES.busy)
    await changeGroups({ kind: 'lock', group: first.number, locked: first.locked })
  })

  it('before publishing and before the reveal, a member sees only when it is revealed', async () => {
    const table = await yourGroupOf(guests[4]!)
    expect(table?.number).toBeUndefined()
    expect(Date.parse(table!.revealAt)).toBeGreaterThan(Date.now())
  })

  it('publishes; before the reveal members still see only the time', async () => {
    await hostOf('bangalore')
    const { dateGroups } = await changeGroups({ kind: 'publish' })
    expect(dateGroups.status).toBe('published')
    expect(dateGroups.unpublishedChanges).toBe(false)
    expect((await yourGroupOf(guests[4]!))?.number).toBeUndefined()
    // Nor does the member's data export say it before the reveal.
    await as(guests[4]!)
    expect((await callFunction(exportMyDataCall, {})).groups).toEqual([])
  })
})

describe('from the reveal', () => {
  beforeAll(() => atTheNight(dinner.id, date))

  it('each paid guest is told once, at the reveal, that their group is revealed (the bell, and a push)', async () => {
    const at = (ms: number) => ({ ...stackDeps(), now: () => new Date(ms) })
    const notificationsOf = async (guest: Guest) =>
      (await adminDb().collection('notices').where('uid', '==', guest.uid).where('kind', '==', 'group').get()).docs.map(
        (doc) => doc.data(),
      )
    const reveal = revealAt(dinner, date)
    await tellGroups(at(reveal - 60_000))
    expect(await notificationsOf(guests[0]!)).toEqual([])
    expect((await tellGroups(at(reveal + 60_000))).told).toBe(12)
    await tellGroups(at(reveal + 5 * 60_000))
    for (const guest of [guests[0]!, guests[5]!]) {
      expect(await notificationsOf(guest)).toEqual([
        expect.objectContaining({
          title: `Your group for ${dinner.title}`,
          url: `/my-bookings/${guest.orderId}`,
          tag: `group-${dinner.id}-${date}`,
        }),
      ])
    }
  })

  it('a member sees their own group: its number, the others’ first names, never another group', async () => {
    for (const guest of [guests[0]!, guests[1]!]) {
      const table = await yourGroupOf(guest)
      const group = groupOf(planned, guest)
      expect(table?.number).toBe(group.number)
      const mates = group.guests.filter((seated) => seated.orderId !== guest.orderId)
      expect(table && 'others' in table ? [...table.others].sort() : []).toEqual(
        mates.map((mate) => mate.name.split(' ')[0]).sort(),
      )
    }
    // The list of bookings says the same.
    await as(guests[0]!)
    const listed = (await callFunction(listMyBookingsCall, {})).bookings[0]!.table
    expect(listed?.number).toBe(groupOf(planned, guests[0]!).number)
  })

  it('refuses a host’s change once the date has started, by the server’s clock for it', async () => {
    await hostOf('bangalore')
    const refused = await failure(changeGroups({ kind: 'publish' }))
    expect(refused.code).toBe('functions/failed-precondition')
    expect(refused.message).toBe(HOST_MESSAGES.datePassed)
  })

  it('a block since the publish: neither is named to the other, and the host is told to move one', async () => {
    const [blocker, blocked] = groupOf(planned, guests[2]!)
      .guests.filter((seated) => ![guests[0], guests[1], guests[5]].some((guest) => guest?.orderId === seated.orderId))
      .map((seated) => guests.find((guest) => guest.orderId === seated.orderId)!)
    const block = adminDb().collection('blocks').doc(pairId(blocker!.uid, blocked!.uid))
    await block.set({ from: blocker!.uid, to: blocked!.uid, at: Date.now() })
    try {
      const firstOf = (guest: Guest) => guest.name.split(' ')[0]!
      const seenByBlocker = await yourGroupOf(blocker!)
      expect(seenByBlocker && 'others' in seenByBlocker ? seenByBlocker.others : ['none']).not.toContain(
        firstOf(blocked!),
      )
      const seenByBlocked = await yourGroupOf(blocked!)
      expect(seenByBlocked && 'others' in seenByBlocked ? seenByBlocked.others : ['none']).not.toContain(
        firstOf(blocker!),
      )
      await hostOf('bangalore')
      const { dateGroups } = await callFunction(getGroupsCall, dateOf)
      expect(groupOf(dateGroups, blocker!).warning).toBe(GROUP_MESSAGES.apartHere)
    } finally {
      await block.delete()
    }
  })

  it('refuses a member another member’s booking (and with it their group)', async () => {
    await as(guests[0]!)
    const refused = await failure(callFunction(getBookingCall, { orderId: guests[1]!.orderId }))
    expect(refused.code).toBe('functions/not-found')
  })

  it('the door names each paid guest’s group', async () => {
    await hostOf('bangalore')
    const list = await callFunction(getDoorListCall, dateOf)
    for (const guest of guests) {
      const listed = list.guests.find((entry) => entry.orderId === guest.orderId)
      expect(listed?.group).toBe(groupOf(planned, guest).number)
    }
  })

  it('a cancelled guest loses the view, leaves a gap, and the host is told', async () => {
    const leaving = guests[5]!
    const stays = groupOf(planned, leaving).guests.find((seated) => seated.orderId !== leaving.orderId)!
    await hostOf('bangalore')
    await callFunction(hostCancelSeatCall, { ...dateOf, orderId: leaving.orderId, reason: 'Asked to leave' })
    expect(await yourGroupOf(leaving)).toBeUndefined()
    const stayer = guests.find((guest) => guest.orderId === stays.orderId)!
    const table = await yourGroupOf(stayer)
    expect(table && 'others' in table ? table.others : []).not.toContain('Farhan')
    await hostOf('bangalore')
    const { dateGroups } = await callFunction(getGroupsCall, dateOf)
    expect(dateGroups.changes).toContain(`Farhan cancelled: group ${groupOf(planned, leaving).number} has a free seat.`)
  })

  it('a guest who paid after publishing joins a group with room, and sees it', async () => {
    const late = await paidGuest('Meera Test', 12)
    const table = await yourGroupOf(late)
    expect(table?.number).toBeGreaterThan(0)
    await hostOf('bangalore')
    const { dateGroups } = await callFunction(getGroupsCall, dateOf)
    expect(dateGroups.changes).toContain(`Meera booked after publishing and joins group ${table?.number}.`)
    expect(groupOf(dateGroups, late).number).toBe(table?.number)
    // Those already in that group see the newcomer too.
    const mate = guests.find(
      (guest) => guest !== guests[5] && groupOf(dateGroups, guest).number === table?.number && guest !== late,
    )!
    const theirs = await yourGroupOf(mate)
    expect(theirs && 'others' in theirs ? theirs.others : []).toContain('Meera')
  })

  it('the morning after, the evening lists the member’s own group first', async () => {
    const came = guests.filter((guest) => guest !== guests[5])
    await hostOf('bangalore')
    const ops = came.map((guest) => ({
      id: randomUUID(),
      kind: 'in',
      orderId: guest.orderId,
      at: Date.now(),
      method: 'name',
    }))
    const synced = await callAnything(syncCheckInsCall, { ...dateOf, door: 'Front door', ops })
    expect(synced.refused).toEqual([])
    await runStackJob('morningAfter', { at: new Date(morningAfter(date) + 60_000) })
    await as(guests[0]!)
    const evening = await callFunction(getAfterNightCall, { orderId: guests[0]!.orderId })
    const mates = groupOf(planned, guests[0]!)
      .guests.filter((seated) => seated.orderId !== guests[0]!.orderId && seated.orderId !== guests[5]!.orderId)
      .map((seated) => seated.name.split(' ')[0])
    const first = evening.guests.slice(0, mates.length)
    expect(first.map((guest) => guest.firstName).sort()).toEqual([...mates].sort())
    expect(first.every((guest) => guest.myGroup)).toBe(true)
    expect(evening.guests.slice(mates.length).some((guest) => guest.myGroup)).toBe(false)
  })

  it('the member’s data export holds their group', async () => {
    await as(guests[0]!)
    const data = await callFunction(exportMyDataCall, {})
    expect(data.groups).toEqual([
      expect.objectContaining({ eventId: dinner.id, eventDate: date, group: groupOf(planned, guests[0]!).number }),
    ])
  })
})

describe('a member’s choice', () => {
  it('not to be seated by their interests and personality is kept when a later save does not say', async () => {
    await signUpFreshMember()
    await callFunction(saveProfileCall, { ...VALID_PROFILE, seatByAnswers: false })
    await callFunction(saveProfileCall, { ...VALID_PROFILE, name: 'Asha Rao' })
    expect((await callFunction(getMyProfileCall, {})).profile?.seat_by_answers).toBe(false)
    await callFunction(saveProfileCall, { ...VALID_PROFILE, seatByAnswers: true })
    expect((await callFunction(getMyProfileCall, {})).profile?.seat_by_answers).toBe(true)
  })
})
