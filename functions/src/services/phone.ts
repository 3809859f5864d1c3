/**
 * A member's verified mobile. Firebase Authentication proves the member holds the number (the
 * code it sends by SMS, linked to their account in the browser); these keep one account per
 * number: `askForCode` refuses, before any SMS is sent, a number another account holds (or a
 * banned member held), and spaces the codes a member asks for; `confirmPhone` records the number
 * Firebase linked as this account's, or takes it off the account when it may not be theirs.
 * Booking asks `verifiedNumberOf`.
 */
import type { ParsedRequestOf } from '@yaari/domain/callable'
import {
  type AskForCodeResponse,
  type askForCodeCall,
  PHONE_MESSAGES,
  PHONE_PATTERN,
  resendWaitMs,
} from '@yaari/domain/phone'
import { fullMobile, localMobile } from '@yaari/domain/profile'
import type { Auth } from 'firebase-admin/auth'
import { HttpsError } from 'firebase-functions/v2/https'
import { type Context, type Member, nowOf } from '../lib/context'
import { isBanned } from '../lib/data/moderation'
import { takeCodeAsk } from '../lib/data/phone-codes'
import { holdNumber, type PhoneHold, readHold } from '../lib/data/phone-numbers'
import { profilesWithMobile } from '../lib/data/user-profiles'

/** The one refusal of a number: it names the Community guidelines and nothing about anyone. */
const TAKEN = () => new HttpsError('permission-denied', PHONE_MESSAGES.taken)

/**
 * Why `uid` may not verify a number held as `hold`: one refusal, whether another account holds it
 * or a banned member did (it names the Community guidelines and nothing about anyone).
 */
function numberRefusal(uid: string, hold: PhoneHold | undefined): HttpsError | undefined {
  return hold && hold.user_id !== uid ? TAKEN() : undefined
}

/**
 * Whether a banned member, whose account is still there, gives this number on their profile: a ban
 * from before they verified it (no hold was ever made) holds against a new account all the same.
 */
async function barredElsewhere(firestore: Context['firestore'], number: string, uid: string): Promise<boolean> {
  const others = (await profilesWithMobile(firestore, number)).filter((holder) => holder !== uid)
  return (await Promise.all(others.map((holder) => isBanned(firestore, holder)))).some(Boolean)
}
/** askForCode: may this number be verified on the caller's account, and may they have a code now? */
export async function askForCode(
  context: Context,
  member: Member,
  input: ParsedRequestOf<typeof askForCodeCall>,
): Promise<AskForCodeResponse> {
  const now = nowOf(context)
  const hold = await readHold(context.firestore, fullMobile(input.mobile), now)
  // Their own verified number (a member back on the step): nothing to send.
  if (hold?.user_id === member.uid && hold.released_at === undefined) return { nextCodeInMs: 0, verified: true }
  // Every ask counts, a refused one too: nobody learns about many numbers a day.
  const ask = await takeCodeAsk(context.firestore, member.uid, now)
  if ('waitMs' in ask) {
    throw new HttpsError('resource-exhausted', PHONE_MESSAGES.tooSoon, { retryInMs: ask.waitMs })
  }
  const refused = numberRefusal(member.uid, hold)
  if (refused) throw refused
  if (await barredElsewhere(context.firestore, fullMobile(input.mobile), member.uid)) throw TAKEN()
  return { nextCodeInMs: resendWaitMs(ask.sent) }
}

/**
 * confirmPhone: the number Firebase Authentication linked to the caller's account becomes theirs.
 * A number another account holds (one deleted within the hold, or a banned member's) is taken off
 * the account again and refused, so it never counts as verified.
 */
export async function confirmPhone(
  context: Context & { auth: Pick<Auth, 'getUser' | 'updateUser'> },
  member: Member,
): Promise<{ mobile: string }> {
  const { firestore } = context
  const now = nowOf(context)
  const number = (await context.auth.getUser(member.uid)).phoneNumber
  if (!number || !PHONE_PATTERN.test(number)) throw new HttpsError('failed-precondition', PHONE_MESSAGES.notLinked)
  const banned = await isBanned(firestore, member.uid)
  const barred = await barredElsewhere(firestore, number, member.uid)
  const inTheWay = barred ? undefined : await holdNumber(firestore, { number, uid: member.uid, now, banned })
  const refused = barred ? TAKEN() : numberRefusal(member.uid, inTheWay)
  if (refused) {
    await context.auth.updateUser(member.uid, { phoneNumber: null })
    throw refused
  }
  return { mobile: localMobile(number) }
}
