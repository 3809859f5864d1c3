/** A host's change to a date's groups, against a fake Firestore: what it never writes over. */
import { GROUP_MESSAGES } from '@yaari/domain/groups'
import { describe, expect, it } from 'vitest'
import { bookingWorld, EVENT } from '../../testing/booking-world'
import { refusal } from '../../testing/refusal'
import { changeGroups } from './plans'

const HOST = { uid: 'host-1', email: 'host@yaari.test', roles: { admin: false, hostCities: ['bangalore'] } }

describe('changeGroups', () => {
  it('never writes over groups it cannot read (members may hold a published one): refused, and left as they are', async () => {
    const world = bookingWorld()
    const date = world.dates[1]!
    const stored = { groups: 'not a list', published: { groups: [{ number: 1, members: ['order-1'] }] } }
    const doc = world.firestore.asFirestore.doc(`seatings/${EVENT.id}_${date}`)
    await doc.set(stored)
    const change = { eventId: EVENT.id, eventDate: date, version: 0, change: { kind: 'plan' as const } }
    expect(await refusal(changeGroups(world.deps, HOST, change))).toEqual({
      code: 'failed-precondition',
      message: GROUP_MESSAGES.unreadable,
    })
    expect(world.firestore.read(`seatings/${EVENT.id}_${date}`)).toEqual(stored)
  })
})
