import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { moveProblem, placeLate } from './groups-changes'
import {
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  type GroupGuest,
  type GroupPlan,
  groupIssues,
  groupSizes,
  type PlannedGroup,
  type PlannerInput,
  planGroups,
  sharedInterests,
  sharedReason,
} from './groups-planner'
import { AGE_SPREAD_YEARS } from './groups-score'
import { INTERESTS } from './profile-choices'

/** A guest with nothing said but a tier. */
const guest = (id: string, more: Partial<GroupGuest> = {}): GroupGuest => ({
  id,
  tier: 'girls',
  interests: [],
  ...more,
})
const guests = (count: number, more: (i: number) => Partial<GroupGuest> = () => ({})) =>
  Array.from({ length: count }, (_, i) =>
    guest(`o${String(i).padStart(2, '0')}`, { tier: i % 2 ? 'boys' : 'girls', ...more(i) }),
  )
const groupOf = (plan: GroupPlan, id: string) => plan.groups.find((group) => group.members.includes(id))?.number

describe('groupSizes', () => {
  it.each([
    [0, 6, []],
    [3, 6, [3]],
    [5, 6, [5]],
    [7, 6, [7]],
    [9, 6, [5, 4]],
    [12, 6, [6, 6]],
    [13, 6, [7, 6]],
    [15, 6, [8, 7]],
    [30, 6, [6, 6, 6, 6, 6]],
    [17, 4, [5, 4, 4, 4]],
    [60, 8, [8, 8, 8, 8, 7, 7, 7, 7]],
    [60, 4, [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]],
  ])('%i guests at %i a group: %j', (count, size, sizes) => {
    expect(groupSizes(count, size)).toEqual(sizes)
  })

  it('keeps every size within bounds, as even as can be, larger first', () => {
    fc.assert(
      fc.property(fc.integer({ min: GROUP_SIZE_MIN, max: 400 }), fc.integer({ min: 4, max: 8 }), (count, size) => {
        const sizes = groupSizes(count, size)
        expect(sizes.reduce((sum, n) => sum + n, 0)).toBe(count)
        for (const n of sizes) expect(n).toBeGreaterThanOrEqual(GROUP_SIZE_MIN)
        for (const n of sizes) expect(n).toBeLessThanOrEqual(GROUP_SIZE_MAX)
        expect(sizes[0]! - sizes.at(-1)!).toBeLessThanOrEqual(1)
        expect([...sizes].sort((a, b) => b - a)).toEqual(sizes)
      }),
    )
  })
})

describe('a group’s reason', () => {
  it('names the shared interests, never a personal field', () => {
    expect(sharedReason(['photography', 'travel'])).toBe('You share Photography and Travel')
    expect(sharedReason(['photography', 'travel', 'art'])).toBe('You share Photography, Travel and Art')
    expect(sharedReason(['book_clubs'])).toBe('You share Book Clubs')
    expect(sharedReason([])).toBeUndefined()
  })

  it('takes the interests at least two share, most widely held first, at most three', () => {
    const members = [
      guest('a', { interests: ['travel', 'art', 'gaming', 'fitness'], age: 30, food: 'jain' }),
      guest('b', { interests: ['travel', 'art', 'gaming', 'fitness'] }),
      guest('c', { interests: ['travel', 'brunch', 'fitness'] }),
      guest('d', { interests: ['brunch'] }),
    ]
    expect(sharedInterests(members)).toEqual(['fitness', 'travel', 'brunch'])
    expect(sharedInterests(members.slice(0, 1))).toEqual([])
  })
})

describe('planGroups', () => {
  it('seats two Jain guests together', () => {
    const date = guests(12, (i) => ({ food: i === 2 || i === 9 ? 'jain' : 'non_vegetarian' }))
    const input: PlannerInput = { guests: date, size: 6, apart: [] }
    const plan = planGroups(input)
    expect(groupOf(plan, 'o02')).toBe(groupOf(plan, 'o09'))
    expect(groupIssues(plan, input)).toEqual({ apartTogether: 0, loneFoodNeeds: 0, sizeOutOfBounds: 0 })
  })

  it('keeps a blocked pair apart, even when they share every interest', () => {
    const date = guests(12, (i) => ({ interests: i < 2 ? ['travel', 'art', 'gaming', 'outdoor'] : [] }))
    const input: PlannerInput = { guests: date, size: 6, apart: [['o00', 'o01']] }
    const plan = planGroups(input)
    expect(plan.groups.map((group) => group.members.length)).toEqual([6, 6])
    expect(groupOf(plan, 'o00')).not.toBe(groupOf(plan, 'o01'))
  })

  it('seats guests who share interests together and gives the group its reason', () => {
    const date = guests(12, (i) => ({ interests: i < 6 ? ['photography', 'travel'] : ['gaming'] }))
    const plan = planGroups({ guests: date, size: 6, apart: [] })
    expect(plan.groups.map((group) => group.shared)).toEqual(
      expect.arrayContaining([['photography', 'travel'], ['gaming']]),
    )
  })

  it('splits a pair who met before and did not connect', () => {
    const date = guests(12, () => ({ interests: ['travel'] }))
    const plan = planGroups({ guests: date, size: 6, apart: [], metBefore: [['o03', 'o07']] })
    expect(groupOf(plan, 'o03')).not.toBe(groupOf(plan, 'o07'))
  })

  it('does not seat only introverts next to only extroverts', () => {
    const date = guests(12, (i) => ({ personality: i < 6 ? 'introvert' : 'extrovert' }))
    const plan = planGroups({ guests: date, size: 6, apart: [] })
    for (const group of plan.groups) {
      const kinds = new Set(group.members.map((id) => date.find((seat) => seat.id === id)?.personality))
      expect(kinds.size).toBe(2)
    }
  })

  it('keeps a group’s ages within AGE_SPREAD_YEARS when the date allows', () => {
    const date = guests(12, (i) => ({ age: i < 6 ? 22 + i : 44 + i, interests: i % 3 ? ['travel'] : ['art'] }))
    const plan = planGroups({ guests: date, size: 6, apart: [] })
    for (const group of plan.groups) {
      const ages = group.members.map((id) => date.find((seat) => seat.id === id)?.age ?? 0)
      expect(Math.max(...ages) - Math.min(...ages)).toBeLessThanOrEqual(AGE_SPREAD_YEARS)
    }
  })

  it('keeps a locked group as given, less a guest who left, and plans the others around it', () => {
    const date = guests(14)
    const plan = planGroups({
      guests: date,
      size: 6,
      apart: [],
      locked: [{ number: 1, members: ['o13', 'o00', 'gone', 'o05'] }],
    })
    expect(plan.groups[0]).toMatchObject({ number: 1, members: ['o13', 'o00', 'o05'] })
    expect(plan.groups.slice(1).map((group) => [group.number, group.members.length])).toEqual([
      [2, 6],
      [3, 5],
    ])
  })
})

describe('changing a plan', () => {
  const groups: PlannedGroup[] = [
    { number: 1, members: ['a', 'b', 'c', 'd', 'e'], shared: [] },
    { number: 2, members: ['f', 'g', 'h', 'i'], shared: [] },
  ]
  const plan: GroupPlan = { groups }

  it('refuses a move that seats an apart pair together, or to no group', () => {
    expect(moveProblem(plan, 'a', 2, [['g', 'a']])).toBe('This guest cannot sit with someone in that group.')
    expect(moveProblem(plan, 'a', 3, [])).toBe('No such group.')
    expect(moveProblem(plan, 'a', 2, [['a', 'b']])).toBeUndefined()
  })

  it('seats a late guest with nobody they are kept apart from, with food company, else where there is room', () => {
    const late = guest('z', { food: 'jain' })
    const seats = [guest('a', { food: 'jain' }), late]
    // The only other Jain guest is in group 1: company comes before room (up to GROUP_SIZE_MAX).
    expect(placeLate(plan, late, { guests: seats, size: 5, apart: [] })).toBe(1)
    // With no food need, the group with room.
    expect(placeLate(plan, guest('y'), { guests: seats, size: 5, apart: [] })).toBe(2)
    // Never with someone they are kept apart from while another group is clean.
    expect(placeLate(plan, late, { guests: seats, size: 5, apart: [['a', 'z']] })).toBe(2)
    expect(placeLate(plan, late, { guests: seats, size: 5, apart: [['z', 'f']] })).toBe(1)
    expect(placeLate({ groups: [] }, late, { guests: seats, size: 5, apart: [] })).toBe(1)
  })

  it('never seats a late guest alone in a group the others left, nor in a full one past the largest size', () => {
    const emptied: GroupPlan = { groups: [...groups, { number: 3, members: [], shared: [] }] }
    expect(placeLate(emptied, guest('y'), { guests: [], size: 6, apart: [] })).toBe(2)
    const full: GroupPlan = {
      groups: [
        { number: 1, members: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], shared: [] },
        { number: 2, members: ['i', 'j', 'k', 'l', 'm', 'n', 'o', 'p'], shared: [] },
        { number: 3, members: ['q', 'r', 's', 't', 'u', 'v'], shared: [] },
      ],
    }
    expect(
      placeLate(full, guest('z', { food: 'jain' }), { guests: [guest('a', { food: 'jain' })], size: 6, apart: [] }),
    ).toBe(3)
  })

  it('adds a group rather than seat an apart pair together on a small date', () => {
    const small = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => guest(id))
    const input = { guests: small, size: 6, apart: [['a', 'b']] as [string, string][] }
    const planned = planGroups(input)
    expect(planned.groups.map((group) => group.members.length)).toEqual([4, 3])
    expect(groupIssues(planned, input).apartTogether).toBe(0)
    // With nobody kept apart, the same date is one group of seven.
    expect(planGroups({ ...input, apart: [] }).groups.map((group) => group.members.length)).toEqual([7])
  })
})

const FOODS = [undefined, 'vegetarian', 'non_vegetarian', 'vegan', 'jain'] as const
const PERSONALITIES = [undefined, 'extrovert', 'introvert', 'ambivert'] as const

/** A date of 4 to 60 guests, with apart pairs that some plan keeps apart (drawn across a hidden plan of the same sizes). */
const dates = fc.integer({ min: GROUP_SIZE_MIN, max: 60 }).chain((n) =>
  fc
    .record({
      ids: fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9_-]{3,12}$/), { minLength: n, maxLength: n }),
      answers: fc.array(
        fc.record({
          tier: fc.constantFrom('girls' as const, 'boys' as const),
          personality: fc.constantFrom(...PERSONALITIES),
          interests: fc.uniqueArray(fc.constantFrom(...INTERESTS), { maxLength: 4 }),
          food: fc.constantFrom(...FOODS),
          age: fc.option(fc.integer({ min: 18, max: 60 }), { nil: undefined }),
        }),
        { minLength: n, maxLength: n },
      ),
      size: fc.integer({ min: 4, max: 8 }),
      hidden: fc.shuffledSubarray(
        Array.from({ length: n }, (_, i) => i),
        { minLength: n, maxLength: n },
      ),
      apart: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: Math.floor(n / 4) }),
      metBefore: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: Math.floor(n / 3) }),
    })
    .map(({ ids, answers, size, hidden, apart, metBefore }): PlannerInput => {
      const seats = ids.map((id, i) => {
        const { personality, food, age, ...rest } = answers[i]!
        return {
          id,
          ...rest,
          ...(personality ? { personality } : {}),
          ...(food ? { food } : {}),
          ...(age !== undefined ? { age } : {}),
        }
      })
      // The hidden plan: guests in `hidden` order cut into the date's sizes.
      const table = new Array<number>(n)
      let at = 0
      groupSizes(n, size).forEach((count, g) => {
        for (let k = 0; k < count; k++) table[hidden[at++]!] = g
      })
      const pair = ([a, b]: [number, number]) => [ids[a]!, ids[b]!] as const
      return {
        guests: seats,
        size,
        apart: apart.filter(([a, b]) => table[a] !== table[b]).map(pair),
        metBefore: metBefore.filter(([a, b]) => a !== b).map(pair),
      }
    }),
)

describe('planGroups, on any date', () => {
  it('seats every guest once, in groups of groupSizes, no apart pair together', () => {
    fc.assert(
      fc.property(dates, (input) => {
        const plan = planGroups(input)
        const seated = plan.groups.flatMap((group) => group.members)
        expect([...seated].sort()).toEqual(input.guests.map((seat) => seat.id).sort())
        expect(plan.groups.map((group) => group.members.length)).toEqual(groupSizes(input.guests.length, input.size))
        expect(plan.groups.map((group) => group.number)).toEqual(plan.groups.map((_, i) => i + 1))
        const issues = groupIssues(plan, input)
        expect(issues.apartTogether).toBe(0)
        expect(issues.sizeOutOfBounds).toBe(0)
      }),
      { numRuns: 150 },
    )
  })

  it('gives the same plan for the same date, in any order', () => {
    fc.assert(
      fc.property(
        dates.chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.shuffledSubarray([...input.guests], { minLength: input.guests.length, maxLength: input.guests.length }),
          ),
        ),
        ([input, shuffled]) => {
          const plan = planGroups(input)
          expect(planGroups(input)).toEqual(plan)
          expect(
            planGroups({ ...input, guests: shuffled, apart: input.apart.map(([a, b]) => [b, a] as const) }),
          ).toEqual(plan)
        },
      ),
      { numRuns: 40 },
    )
  })

  it('keeps locked groups as given and plans the rest around them', () => {
    fc.assert(
      fc.property(
        dates.chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.shuffledSubarray(
              input.guests.map((seat) => seat.id),
              { minLength: 1, maxLength: Math.min(GROUP_SIZE_MAX, input.guests.length) },
            ),
            fc.integer({ min: 1, max: 6 }),
          ),
        ),
        ([input, members, number]) => {
          const locked = [{ number, members: [...members, 'left-the-date'] }]
          const plan = planGroups({ ...input, locked })
          expect(plan.groups.find((group) => group.number === number)?.members).toEqual(members)
          const others = plan.groups.filter((group) => group.number !== number)
          const rest = input.guests.length - members.length
          // The sizes of groupSizes, or (when locking broke the split that kept every apart pair
          // apart) more groups, as even as can be, with no apart pair in one of them.
          const sizes = others.map((group) => group.members.length)
          if (sizes.length === groupSizes(rest, input.size).length) expect(sizes).toEqual(groupSizes(rest, input.size))
          else {
            expect(sizes.length).toBeGreaterThan(groupSizes(rest, input.size).length)
            expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
            expect(groupIssues({ groups: others }, input).apartTogether).toBe(0)
          }
          expect(others.flatMap((group) => group.members).sort()).toEqual(
            input.guests
              .map((seat) => seat.id)
              .filter((id) => !members.includes(id))
              .sort(),
          )
        },
      ),
      { numRuns: 40 },
    )
  })
})
