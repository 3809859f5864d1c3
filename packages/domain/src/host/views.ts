/** What the console shows: a date's numbers, its guest list, an action's answer, the audit log. */
import type { VenueBrief } from '../booking'
import type { City } from '../catalogue'

/** One upcoming date as the console lists it. Money in whole rupees. */
export interface HostDateSummary {
  eventId: string
  eventDate: string
  title: string
  city: City
  /** When it starts (ISO time). */
  startsAt: string
  capacity: number
  /** Seats paid for. */
  paid: number
  /** Paid guests checked in at the door (as far as the door phones have synced). */
  checkedIn: number
  /** Seats held for a payment or offered to a member from the waitlist. */
  held: number
  free: number
  waiting: number
  /** Paid in, refunds not taken off. */
  gross: number
  refunded: number
  net: number
  venueShared: boolean
  /** Within VENUE_WARNING_HOURS of its start and no venue shared yet. */
  venueMissing: boolean
  salesOpen: boolean
  cancelled: boolean
}

/** A date this close to its start with no venue shared is flagged in the console. */
export const VENUE_WARNING_HOURS = 48

const GUEST_STATES = ['paid', 'held', 'offered', 'waiting', 'cancelled', 'refunded'] as const
export type GuestState = (typeof GUEST_STATES)[number]

/** One row of a date's guest list. */
export interface GuestRow {
  /** The member's id: what moderation acts on. */
  uid: string
  /** The booking's order id; absent for a member who is waiting. */
  orderId?: string
  name: string
  age?: number
  gender?: string
  /** girls or boys. */
  tier?: string
  foodPreference?: string
  drinkingPreference?: string
  mobile?: string
  /** The mobile shown is the one verified on their account (by an SMS code). */
  mobileVerified?: true
  /** When they booked (or joined the waitlist), ISO time. */
  bookedAt: string
  state: GuestState
  /** The member's standing when it is not clear: a warning, a suspension (until its last day) or a ban. */
  standing?: { level: 'warning' | 'suspended' | 'banned'; until?: string; reason: string }
  /** The member's bank has disputed the payment (a chargeback) and the dispute is not settled in our favour. */
  paymentDisputed?: true
  /** A paid guest who came: checked in at the door, or marked as come by a host where the door was not used. */
  came?: 'door' | 'marked'
  /** A door phone let this guest in while the booking was not paid (it synced later): for a host to look at. */
  enteredUnpaid?: { at: string; door: string; state: 'refunded' | 'cancelled' | 'unpaid' }
}

/** How the console flags a guest let in while their booking was not paid. */
export const ENTERED_UNPAID_LABELS = {
  refunded: 'Entered after refund',
  cancelled: 'Entered after cancellation',
  unpaid: 'Entered unpaid',
} as const

/**
 * The evening after, as its hosts see it: who came (the door, or the host's marks until the morning
 * after), then the ratings, the comments and how many connections were made (never who).
 */
export interface NightSummary {
  /** waiting: the morning after has not come; none: no one was recorded as come, so no one was asked. */
  state: 'waiting' | 'none' | 'open' | 'closed'
  /** Guests recorded as come: checked in at the door or marked by a host. */
  came: number
  ratings: number
  /** The average rating, one decimal; absent with no rating. */
  average?: number
  comments: string[]
  /** What guests would improve: how many ticked each. */
  improve: { venue: number; group: number; host: number }
  connections: number
}

export interface GuestList {
  date: HostDateSummary
  /** The venue as shared, to change it from. */
  venue?: VenueBrief
  guests: GuestRow[]
  /** Who came and how the evening went. */
  night: NightSummary
  /** When the server read it (ISO time): a copy kept on the device says how old it is. */
  readAt: string
}

/** What each host action answers: the date as it now stands, and whether this call changed it. */
export interface HostActionResult {
  date: HostDateSummary
  changed: boolean
}

export interface ModerationResult {
  uid: string
  level: 'warning' | 'suspended' | 'banned' | 'none'
  /** A suspension's last day (YYYY-MM-DD, IST). */
  until?: string
  changed: boolean
}

/** One line of the audit log as the console shows it. */
export interface AuditEntry {
  id: string
  at: string
  action: string
  /** Who: a host's email, or the team's command. */
  actor: string
  eventId: string
  eventDate: string
  change?: Record<string, unknown>
}

/** The newest entries of the audit log for the caller's cities (at most AUDIT_PAGE). */
export const AUDIT_PAGE = 200

/** A report as the console shows it: about whom, from which date, and the member's standing and history. */
export interface ReportEntry {
  reportId: string
  eventId: string
  eventDate: string
  city: string
  /** The reported member: their id (what moderation acts on) and first name. The reporter is never named. */
  member: { uid: string; firstName: string }
  reason: 'unsafe' | 'harassment' | 'disrespect' | 'other'
  text: string
  at: string
  status: 'open' | 'resolved' | 'dismissed'
  resolution?: { action: string; reason: string; by: string; at: string; until?: string }
  standing?: { level: 'warning' | 'suspended' | 'banned'; until?: string; reason: string }
  /** Other reports about the same member, newest first. */
  earlier: { reportId: string; eventDate: string; reason: string; status: string; at: string }[]
}
