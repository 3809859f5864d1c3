/**
 * A member's own data (India's Digital Personal Data Protection Act 2023): what we keep and for
 * how long, taking a copy, deleting the account. The Privacy page, the profile page, the
 * functions and the deletion email all say it from here, so the words match what the code does.
 */
import { contract } from './callable'
import { BANNED_HOLD_DAYS, PHONE_HOLD_DAYS } from './phone'
import type { UserProfileRecord } from './profile'
import { istToday } from './schedule'
import { noInputSchema } from './validation'

/** Deleting the account asks for the password again: a sign-in at most this old. */
export const RECENT_SIGN_IN_MINUTES = 5
/** A member may download their data this many times a day (IST): each is a read of all they have. */
export const EXPORTS_PER_DAY = 5
/** How long the accounting part of a paid booking is kept (Companies Act 2013, section 128). */
const ACCOUNTING_YEARS = 8

/** What we keep, and for how long: one line each, in the order the Privacy page lists them. */
export const DATA_RETENTION = {
  profile:
    'Your account and profile (name, email, mobile, date of birth, gender, profession, interests, area, bio, photo, and the booking answers you gave: food and drink preferences, personality type, relationship status): kept while you have an account, deleted when you delete it. You can change or clear each answer on your profile.',
  phone: `Your verified mobile number: kept with your account. When you delete it, the number stays held for ${PHONE_HOLD_DAYS} days, so it cannot open a new account at once (${BANNED_HOLD_DAYS / 365} years if the account was barred under our Community guidelines), then it is deleted. The SMS codes you asked for are counted for a day.`,
  holds:
    'Waitlist places and unpaid seat holds: kept until they end. Deleting your account ends them and frees the seats for others.',
  paidBookings: `Paid bookings: the order id, amount, event date and refund state are kept for ${ACCOUNTING_YEARS} years, as Indian accounting law requires. Your name, email and mobile are removed from them when you delete your account.`,
  emails:
    'Emails we sent you (to which address, what about, when): kept while you have an account, deleted with it. The email confirming the deletion, and any about a refund still under way, are sent afterwards.',
  afterNight:
    'After an evening you came to: your rating and comment (a year from the date), your picks (deleted when the evening closes, a week after it, unless they became a connection), your connections and blocks (until removed, or your account is deleted), and what you share with connections. Reports you made are kept two years; deleting your account removes your name from them.',
  groups: 'The groups you were seated in (which date, which group, the interests it shared): a year from the date.',
  alerts:
    'Alerts you sent a coordinator at a venue (why, your note, when, and the answer): a year from the date, deleted with your account. Hosts who were told of one keep the message they got for 90 days.',
  device:
    'On your device: your onboarding draft and the saved copy of your bookings and waitlist places, removed when you sign out or delete your account.',
} as const

const DOWNLOAD_WHAT =
  'a file (JSON) of your profile, your bookings, your waitlist places, the emails we sent you, and your feedback, picks, connections and reports after evenings, the groups you were seated in, your verified mobile and the alerts you sent at a venue'

export const ACCOUNT_DATA_MESSAGES = {
  /** On the profile page, next to the button. */
  download: `Download ${DOWNLOAD_WHAT}.`,
  delete: 'Delete your account, after entering your password again. It cannot be undone.',
  /** On the Privacy page: where to find them. */
  downloadHow: `'Download my data' on your profile page gives you ${DOWNLOAD_WHAT}.`,
  deleteHow:
    "'Delete my account' on your profile page deletes your account after asking for your password again. It cannot be undone.",
  signInAgain: 'For your security, please enter your password again to delete your account.',
  tooManyExports: `You have downloaded your data ${EXPORTS_PER_DAY} times today. Please try again tomorrow.`,
  deleted: 'Your account has been deleted.',
  /** What happens to a booking that is still ahead when the account is deleted. */
  upcomingBooking:
    'Deleting your account cancels your upcoming bookings, with the refund our cancellation policy gives today.',
} as const

/** A booking as the member's export holds it (everything but the payment session's secret). */
export type ExportedBooking = Record<string, unknown> & { order_id: string; event_id: string; event_date: string }

/** The member's data file. */
export interface MyDataExport {
  exported_at: string
  account: { user_id: string; email: string | null }
  profile: UserProfileRecord | null
  bookings: ExportedBooking[]
  waitlist: Record<string, unknown>[]
  emails: { kind: string; to: string; state: string; order_id: string; created_at: string; sent_at: string | null }[]
  /** After the evenings the member came to: what they said, picked, connected with, shared, blocked and reported. */
  after_night: {
    feedback: Record<string, unknown>[]
    picks: { event_id: string; event_date: string; picked: string; at: string }[]
    connections: { with: string; event_id: string; event_date: string; at: string }[]
    sharing: Record<string, unknown> | null
    blocked: number
    reports: {
      event_id: string
      event_date: string
      about: string
      reason: string
      text: string
      at: string
      status: string
    }[]
  }
  /** The groups the member was seated in (published by a host): the date, the group's number, what it shared. */
  groups: { eventId: string; eventDate: string; group: number; shared: string[] }[]
  /** The mobile number verified on the account by an SMS code (held for it: one account per phone). */
  verified_mobile: string | null
  /** The alerts the member raised at a venue: why, when, and how each ended (the coordinator by first name). */
  alerts: {
    order_id: string
    event_id: string
    event_date: string
    reason: string
    note: string | null
    state: string
    raised_at: string
    answer: { kind: string; by: string; at: string } | null
    cancelled_at: string | null
  }[]
}

/** Everything the server holds about the signed-in member. */
export const exportMyDataCall = contract<typeof noInputSchema, MyDataExport>('exportMyData', noInputSchema, [
  ACCOUNT_DATA_MESSAGES,
])

/** Deletes the signed-in member's account (a sign-in of the last few minutes only). */
export const deleteMyAccountCall = contract<typeof noInputSchema, { deleted: true }>('deleteMyAccount', noInputSchema, [
  ACCOUNT_DATA_MESSAGES,
])

/** The file name of a member's export: yaari-data-2026-11-24.json, the IST day it was made. */
export const exportFileName = (exportedAt: string) => `yaari-data-${istToday(new Date(exportedAt))}.json`
