/**
 * A member's verified mobile: the one-time code Firebase Authentication sends by SMS, what the app
 * and the functions say about it, how long a member waits before another code, and the calls
 * around the code. Firebase proves the member holds the number; the functions keep one account
 * per number (phone_numbers/{number}) and refuse a number a banned member held.
 */
import * as v from 'valibot'
import { contract } from './callable'
import { ACCOUNT_MESSAGES, MESSAGES, mobileSchema } from './profile'
import { noInputSchema } from './validation'

export const PHONE_MESSAGES = {
  codeSent: 'We sent a 6-digit code by SMS to',
  codeInvalid: 'Please enter the 6-digit code from the SMS',
  wrongCode: 'That code is not right. Check the SMS and try again.',
  expiredCode: 'This code has expired. Tap “Resend code” for a new one.',
  verified: 'Mobile number verified',
  unverified: 'Not verified yet',
  /**
   * One refusal for a number another account holds and for one a banned member held: which it is
   * is nobody's business but theirs (a number is all anyone needs to ask).
   */
  taken:
    'This number can’t be verified on this account: it is in use on Yaari, or barred under our Community guidelines. If it’s yours, sign in with your phone instead.',
  tooSoon: 'Please wait before asking for another code.',
  noCodeSent: 'Ask for a code first.',
  notLinked: 'Enter the code we sent to this number first.',
  verifyToBook: 'Please verify your mobile number to book. We send a code by SMS.',
  noAccount: 'No Yaari account has verified this number yet. Sign in with your email, then verify it on your profile.',
  sendFailed: 'We could not send a code just now. Please try again in a minute.',
} as const

/** How long a code counts: Firebase's own expire sooner or later, the app says so at this age. */
export const CODE_LIFETIME_MS = 5 * 60_000

/** The code's shape: six digits. */
export const codeSchema = v.pipe(
  v.string(PHONE_MESSAGES.codeInvalid),
  v.trim(),
  v.regex(/^\d{6}$/, PHONE_MESSAGES.codeInvalid),
)

/** Codes a member may ask for in a day (SMS cost a number owner never asked for). */
export const CODES_PER_DAY = 8

/**
 * How long after code number `sent` (1 = the first) another may be asked for: 30 s, then 1, 2, 4
 * and 8 minutes, and never more often than every 8 minutes after that.
 */
export function resendWaitMs(sent: number): number {
  if (sent <= 0) return 0
  return Math.min(30_000 * 2 ** (sent - 1), 8 * 60_000)
}

/** How long a deleted account's verified number stays held before another account may verify it. */
export const PHONE_HOLD_DAYS = 180
/** ...and a banned member's, so the ban holds against a new account: as long as the reports it was weighed on are kept. */
export const BANNED_HOLD_DAYS = 730

/** "+919876543210": the number as Firebase Authentication and phone_numbers store it. */
export const PHONE_PATTERN = /^\+91[6-9]\d{9}$/

/** Asks the functions whether this number may be verified on the caller's account, before a code is sent. */
export const askForCodeSchema = v.strictObject({ mobile: mobileSchema })
export interface AskForCodeResponse {
  /** How long (ms) before the member may ask for the next code. */
  nextCodeInMs: number
  /** The number is already verified on the caller's account: no code is needed. */
  verified?: true
}
export const askForCodeCall = contract<typeof askForCodeSchema, AskForCodeResponse>('askForCode', askForCodeSchema, [
  PHONE_MESSAGES,
  MESSAGES,
  ACCOUNT_MESSAGES,
])

/** After Firebase linked the number to the account: the functions record it as this account's. */
export const confirmPhoneCall = contract<typeof noInputSchema, { mobile: string }>('confirmPhone', noInputSchema, [
  PHONE_MESSAGES,
  ACCOUNT_MESSAGES,
])

export const PHONE_CALLABLES = [askForCodeCall, confirmPhoneCall] as const
