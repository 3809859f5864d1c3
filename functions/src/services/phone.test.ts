/**
 * A verified mobile against a fake Firestore and a fake Firebase Auth: one account per number (a
 * number another account holds, or a banned member held, is refused before a code is sent and
 * taken off the account if Firebase linked it anyway), the growing wait between codes, a deleted
 * account's number held for PHONE_HOLD_DAYS, and booking only with the profile's number verified.
 */
import { BANNED_HOLD_DAYS, CODES_PER_DAY, PHONE_HOLD_DAYS, PHONE_MESSAGES } from '@yaari/domain/phone'
import { describe, expect, it } from 'vitest'
import { releaseNumbersOf } from '../lib/data/phone-numbers'
import { bookingWorld } from '../testing/booking-world'
import { refusal } from '../testing/refusal'
import { askForCode, confirmPhone } from './phone'

const DAY = 86_400_000
const NUMBER = '9876543210'

/** Firebase Authentication as confirmPhone reads it: the number each account has linked. */
function fakeAuth() {
  const phones = new Map<string, string | null>()
  return {
    phones,
    getUser: async (uid: string) => ({ uid, phoneNumber: phones.get(uid) ?? undefined }),
    updateUser: async (uid: string, { phoneNumber }: { phoneNumber?: string | null }) => {
      phones.set(uid, phoneNumber ?? null)
      return { uid }
    },
  }
}

function phoneWorld() {
  const world = bookingWorld()
  const auth = fakeAuth()
  const context = { ...world.deps, auth: auth as never }
  /** `member` gets a code and Firebase links `mobile` to their account; then confirmPhone. */
  const verify = async (member: { uid: string; email: string }, mobile = NUMBER) => {
    await askForCode(world.deps, member, { mobile })
    auth.phones.set(member.uid, `+91${mobile}`)
    return confirmPhone(context, member)
  }
  const ban = (uid: string) =>
    world.firestore.asFirestore.doc(`moderation/${uid}`).set({ level: 'banned', reason: 'Harassment', at: world.now })
  return { world, auth, context, verify, ban }
}

describe('askForCode', () => {
  it('spaces a member’s codes: 30 s, then a minute, then two, and no more than the day’s', async () => {
    const { world } = phoneWorld()
    const member = await world.member()
    expect(await askForCode(world.deps, member, { mobile: NUMBER })).toEqual({ nextCodeInMs: 30_000 })
    const early = await askForCode(world.deps, member, { mobile: NUMBER }).catch((error: unknown) => error)
    expect(early).toMatchObject({ code: 'resource-exhausted', message: PHONE_MESSAGES.tooSoon })
    expect(early).toHaveProperty('details.retryInMs', 30_000)
    world.advance(30_000)
    expect(await askForCode(world.deps, member, { mobile: NUMBER })).toEqual({ nextCodeInMs: 60_000 })
    world.advance(59_000)
    expect((await refusal(askForCode(world.deps, member, { mobile: NUMBER }))).code).toBe('resource-exhausted')
    world.advance(1_000)
    expect(await askForCode(world.deps, member, { mobile: NUMBER })).toEqual({ nextCodeInMs: 120_000 })
    for (let sent = 3; sent < CODES_PER_DAY; sent++) {
      world.advance(8 * 60_000)
      await askForCode(world.deps, member, { mobile: NUMBER })
    }
    world.advance(8 * 60_000)
    expect((await refusal(askForCode(world.deps, member, { mobile: NUMBER }))).code).toBe('resource-exhausted')
  })

  it('refuses, before any SMS, a number another account verified, and a banned member’s in words that name no one', async () => {
    const { world, verify, ban } = phoneWorld()
    const [holder, other] = [await world.member(), await world.member()]
    await verify(holder)
    const held = await refusal(askForCode(world.deps, other, { mobile: NUMBER }))
    expect(held).toEqual({ code: 'permission-denied', message: PHONE_MESSAGES.taken })
    await ban(holder.uid)
    world.advance(30_000)
    // Banned or not, the same words: they name the guidelines, and nothing about the holder.
    const banned = await refusal(askForCode(world.deps, other, { mobile: NUMBER }))
    expect(banned).toEqual(held)
    expect(banned.message).toContain('Community guidelines')
    expect(banned.message).not.toMatch(new RegExp(`${holder.uid}|Harassment`))
    // Each ask counts, a refused one too: a third at once waits.
    expect((await refusal(askForCode(world.deps, other, { mobile: '9123456789' }))).code).toBe('resource-exhausted')
    // Its own holder is told it is theirs already: no code is sent, none counted.
    await expect(askForCode(world.deps, holder, { mobile: NUMBER })).resolves.toEqual({
      nextCodeInMs: 0,
      verified: true,
    })
  })

  it('refuses the number a banned member gives on their profile, though they never verified it', async () => {
    const { world, auth, context, ban } = phoneWorld()
    const barred = await world.member({ mobile: '9000000002' })
    const next = await world.member({ mobile: '9000000002' })
    await expect(askForCode(world.deps, next, { mobile: '9000000002' })).resolves.toBeDefined()
    await ban(barred.uid)
    world.advance(60_000)
    expect(await refusal(askForCode(world.deps, next, { mobile: '9000000002' }))).toEqual({
      code: 'permission-denied',
      message: PHONE_MESSAGES.taken,
    })
    // Linked through Firebase all the same: taken off the account, never verified.
    auth.phones.set(next.uid, '+919000000002')
    expect((await refusal(confirmPhone(context, next))).message).toBe(PHONE_MESSAGES.taken)
    expect(auth.phones.get(next.uid)).toBeNull()
  })
})

describe('confirmPhone', () => {
  it('records the number Firebase linked, and books only while the profile’s number is the verified one', async () => {
    const { world, verify } = phoneWorld()
    const member = { ...(await world.member()), skipsMobileCheck: false }
    const date = world.dates[1]!
    expect(await refusal(world.book(member, date))).toEqual({
      code: 'failed-precondition',
      message: PHONE_MESSAGES.verifyToBook,
    })
    // The profile fixture's mobile is this number.
    expect(await verify(member)).toEqual({ mobile: NUMBER })
    await expect(world.book(member, date)).resolves.toHaveProperty('order_id')
    // A new number verified, and the profile still names the old one: the coordinator's number is unproven.
    world.advance(60_000)
    await verify(member, '9123456789')
    expect((await refusal(world.book(member, world.dates[2]!))).message).toBe(PHONE_MESSAGES.verifyToBook)
  })

  it('refuses with nothing linked, and takes a number another account holds off the caller’s account', async () => {
    const { world, auth, context, verify } = phoneWorld()
    const [holder, other] = [await world.member(), await world.member()]
    expect(await refusal(confirmPhone(context, other))).toEqual({
      code: 'failed-precondition',
      message: PHONE_MESSAGES.notLinked,
    })
    await verify(holder)
    // Firebase let the link through (the holder's account was deleted since, say): the hold still wins.
    auth.phones.set(other.uid, `+91${NUMBER}`)
    expect((await refusal(confirmPhone(context, other))).message).toBe(PHONE_MESSAGES.taken)
    expect(auth.phones.get(other.uid)).toBeNull()
    const book = await refusal(world.book({ ...other, skipsMobileCheck: false }, world.dates[1]!))
    expect(book.message).toBe(PHONE_MESSAGES.verifyToBook)
  })

  it('frees a number its member changed away from at once', async () => {
    const { world, verify } = phoneWorld()
    const [first, second] = [await world.member(), await world.member()]
    await verify(first)
    world.advance(60_000)
    await verify(first, '9123456789')
    await expect(verify(second)).resolves.toEqual({ mobile: NUMBER })
  })

  it('holds a deleted account’s number for the privacy page’s days, and a banned one’s for its longer days', async () => {
    const { world, verify, ban } = phoneWorld()
    const [gone, banned, next] = [await world.member(), await world.member(), await world.member()]
    await verify(gone)
    await releaseNumbersOf(world.deps.firestore, gone.uid, world.now, false)
    expect((await refusal(askForCode(world.deps, next, { mobile: NUMBER }))).message).toBe(PHONE_MESSAGES.taken)
    world.advance(PHONE_HOLD_DAYS * DAY)
    await expect(verify(next)).resolves.toEqual({ mobile: NUMBER })

    world.advance(10 * 60_000)
    await verify(banned, '9000000001')
    await ban(banned.uid)
    await releaseNumbersOf(world.deps.firestore, banned.uid, world.now, true)
    expect((await refusal(askForCode(world.deps, next, { mobile: '9000000001' }))).message).toBe(PHONE_MESSAGES.taken)
    // A banned member's number outlasts a deleted account's hold: the ban holds against a new account.
    world.advance(PHONE_HOLD_DAYS * DAY)
    expect((await refusal(askForCode(world.deps, next, { mobile: '9000000001' }))).message).toBe(PHONE_MESSAGES.taken)
    world.advance((BANNED_HOLD_DAYS - PHONE_HOLD_DAYS) * DAY)
    await expect(askForCode(world.deps, next, { mobile: '9000000001' })).resolves.toBeDefined()
  })
})
