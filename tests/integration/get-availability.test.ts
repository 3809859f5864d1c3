import { getAvailabilityCall, seatsCollectionPath } from '@yaari/domain/availability'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { availableDates } from '@yaari/domain/schedule'
import { FirebaseError } from 'firebase/app'
import { afterEach, describe, expect, it } from 'vitest'
import { adminDb, callAnything, signOutMember, signUpFreshMember } from './helpers'

const getAvailability = (data: unknown) => callAnything(getAvailabilityCall, data)

async function expectInvalidArgument(data: unknown, reason: RegExp) {
  const error = await getAvailability(data).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FirebaseError)
  expect((error as FirebaseError).code).toBe('functions/invalid-argument')
  expect((error as FirebaseError).message).toMatch(reason)
}

afterEach(async () => {
  await signOutMember()
})

describe('getAvailability, called through the web SDK as a signed-in member', () => {
  it('lists every bookable date of each event with its capacity', async () => {
    const member = await signUpFreshMember()
    expect(member.uid).toMatch(/^\w+$/)
    for (const event of SEED_EVENTS) {
      const { events } = await getAvailability({ eventId: event.id })
      expect(events).toHaveLength(1)
      const answer = events[0]!
      expect(answer.eventId).toBe(event.id)
      // The function and this test compute dates at slightly different instants; around IST
      // midnight the first date may differ, so compare from the second date on.
      expect(answer.dates.map((d) => d.date).slice(1)).toEqual(availableDates(event).slice(1))
      for (const date of answer.dates) {
        expect(date.capacity).toBe(event.capacity)
        expect(date.spotsLeft).toBeGreaterThanOrEqual(0)
        expect(date.spotsLeft).toBeLessThanOrEqual(event.capacity)
      }
    }
  })

  it('reads claimed seats from Firestore', async () => {
    await signUpFreshMember()
    const event = SEED_EVENTS[2]!
    const date = availableDates(event).at(-1)!
    const datesOf = async () => (await getAvailability({ eventId: event.id })).events[0]!.dates
    const before = (await datesOf()).find((d) => d.date === date)!
    const seats = adminDb().collection(seatsCollectionPath(event.id, date))
    const claimed = [before.capacity - before.spotsLeft + 1, before.capacity - before.spotsLeft + 2]
    await Promise.all(claimed.map((n) => seats.doc(String(n)).create({ order_id: `test-${n}` })))
    try {
      const after = (await datesOf()).find((d) => d.date === date)!
      expect(after.spotsLeft).toBe(before.spotsLeft - 2)
    } finally {
      await Promise.all(claimed.map((n) => seats.doc(String(n)).delete()))
    }
  })

  it('answers invalid-argument with a readable reason for bad input', async () => {
    await signUpFreshMember()
    await expectInvalidArgument({ eventId: 'made-up-event' }, /eventId: Unknown event/)
    await expectInvalidArgument({ eventId: 42 }, /eventId/)
    await expectInvalidArgument(null, /object/i)
    await expectInvalidArgument({ eventId: 'midweek-wednesday-dinner', extra: true }, /extra/)
  })

  it('answers for every event at once when no event is named', async () => {
    const { events } = await getAvailability({})
    expect(events.map((e) => e.eventId)).toEqual(SEED_EVENTS.map((e) => e.id))
  })

  it('is public: a visitor who is not signed in sees the same dates', async () => {
    const { events } = await getAvailability({ eventId: 'first-hello-stranger-meetup' })
    expect(events[0]!.dates.length).toBeGreaterThan(8)
  })
})
