import { describe, expect, it } from 'vitest'
import { withLateGuests } from './groups'
import type { GroupGuest } from './groups-planner'

const guest = (id: string, extra: Partial<GroupGuest> = {}): GroupGuest => ({
  id,
  tier: 'girls',
  interests: [],
  ...extra,
})
const ids = (...list: string[]) => list.map((id) => guest(id))

describe('the groups as they stand', () => {
  const groups = [
    { number: 1, members: ['a', 'b', 'c', 'd', 'e', 'f'], locked: false },
    { number: 2, members: ['g', 'h', 'i', 'j', 'k'], locked: false },
  ]

  it('leaves a gap where a guest is no longer paid, and places nobody there by itself', () => {
    const paid = ids('a', 'b', 'c', 'd', 'e', 'g', 'h', 'i', 'j', 'k')
    const stand = withLateGuests(groups, paid, { size: 6, apart: [] })
    expect(stand.map((group) => group.members)).toEqual([
      ['a', 'b', 'c', 'd', 'e'],
      ['g', 'h', 'i', 'j', 'k'],
    ])
    expect(stand.every((group) => group.late.length === 0)).toBe(true)
  })

  it('places guests who paid after the plan one at a time, in the order they paid, where there is room', () => {
    const paid = [...ids(...groups.flatMap((group) => group.members)), guest('late-1'), guest('late-2')]
    const stand = withLateGuests(groups, paid, { size: 6, apart: [] })
    expect(stand[1]).toMatchObject({ members: ['g', 'h', 'i', 'j', 'k', 'late-1'], late: ['late-1'] })
    // Both groups are full at six: the next goes to the lower number of the equals.
    expect(stand[0]?.late).toEqual(['late-2'])
  })

  it('seats a late guest with the other guest of their food need, never with someone kept apart', () => {
    const paid = [
      ...ids('a', 'b', 'c', 'd', 'e', 'g', 'h', 'i', 'j', 'k'),
      guest('f', { food: 'jain' }),
      guest('late', { food: 'jain' }),
    ]
    expect(withLateGuests(groups, paid, { size: 6, apart: [] })[0]?.late).toEqual(['late'])
    expect(withLateGuests(groups, paid, { size: 6, apart: [['late', 'a']] })[1]?.late).toEqual(['late'])
  })

  it('keeps a locked group as the host locked it while another group is open', () => {
    const locked = [{ ...groups[0]!, members: ['a', 'b', 'c'], locked: true }, groups[1]!]
    const paid = [...ids('a', 'b', 'c', 'g', 'h', 'i', 'j', 'k'), guest('late')]
    const stand = withLateGuests(locked, paid, { size: 6, apart: [] })
    expect(stand[0]?.members).toEqual(['a', 'b', 'c'])
    expect(stand[1]?.late).toEqual(['late'])
  })
})
