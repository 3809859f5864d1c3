/**
 * What a host does to a date: share or change its venue, change its capacity, close or reopen its
 * sales, cancel it or one guest's seat. Each is idempotent (the same call again changes nothing and
 * sends nothing), records what it changed in the audit log, and answers the date as it now stands.
 * The role and city are checked by the caller (handlers/callables.ts) from the verified token; the
 * team's commands (functions/src/ops) come through here too.
 */
import type { VenueBrief } from '@yaari/domain/booking'
import type { RequestOf } from '@yaari/domain/callable'
import type { Catalogue, YaariEvent } from '@yaari/domain/catalogue'
import {
  HOST_MESSAGES,
  type HostActionResult,
  type hostCancelDateCall,
  type hostCancelSeatCall,
  type setCapacityCall,
  type setSalesCall,
  type shareVenueCall,
} from '@yaari/domain/host'
import { eventStartInstant } from '@yaari/domain/schedule'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import { nowOf } from '../../lib/context'
import { paidBookingsOfDate, readBooking } from '../../lib/data/bookings'
import { isDateCancelled } from '../../lib/data/cancelled-dates'
import { readDateSettings, releaseDateLease, setSalesInBatch, takeDateLease } from '../../lib/data/date-settings'
import { storeVenueBrief } from '../../lib/data/venue-briefs'
import type { BookingDeps } from '../../lib/records'
import { type Actor, type AuditedEvent, auditInBatch, onDate, recordAudit } from '../audit'
import { cancelConfirmed } from '../bookings/cancel'
import { cancelDate, settleCancelledDate } from '../bookings/cancelled-dates'
import { setCapacity as setSeatCapacity } from '../capacity'
import { queueMail } from '../mail/outbox'
import { offerFreedSeats } from '../waitlist/offers'
import { summarizeDate } from './dates'

/** A capacity change holds its date this long at most (a run that died lets go after it). */
const CAPACITY_LEASE_MS = 30_000

/** The event of a date a host may still act on: one that has not started. */
export function openDate(catalogue: Catalogue, eventId: string, eventDate: string, now: number): YaariEvent {
  const event = catalogue.eventById(eventId)
  if (!event) throw new HttpsError('invalid-argument', 'eventId: Unknown event')
  if (eventStartInstant(eventDate, event.startTime).getTime() <= now) {
    throw new HttpsError('failed-precondition', HOST_MESSAGES.datePassed)
  }
  return event
}

/** What every action answers: the date as it now stands, and whether this call changed it. */
async function answer(deps: BookingDeps, event: YaariEvent, date: string, now: number, changed: boolean) {
  return { date: await summarizeDate(deps.firestore, event, date, now), changed }
}

/** What an action is given: its deps, who acts, the request, the server's time. */
interface ActionCall<Request> {
  deps: BookingDeps
  actor: Actor
  input: Request
  now: number
  /** The event of the date (from the request's catalogue). */
  event: YaariEvent
}

/**
 * A host action on a date that has not started: `run` does the work and says whether it changed
 * anything (`live`: refused on a cancelled date too); the answer is the date as it now stands.
 */
function dateAction<Request extends { eventId: string; eventDate: string }>(
  run: (call: ActionCall<Request>) => Promise<boolean>,
  { live = false }: { live?: boolean } = {},
) {
  return async (deps: BookingDeps, actor: Actor, input: Request): Promise<HostActionResult> => {
    const now = nowOf(deps)
    const event = openDate(deps.catalogue, input.eventId, input.eventDate, now)
    if (live) await refuseCancelled(deps, input.eventId, input.eventDate)
    const changed = await run({ deps, actor, input, now, event })
    return answer(deps, event, input.eventDate, now, changed)
  }
}

export async function refuseCancelled(deps: Pick<BookingDeps, 'firestore'>, eventId: string, eventDate: string) {
  if (await isDateCancelled(deps.firestore, eventId, eventDate)) {
    throw new HttpsError('failed-precondition', HOST_MESSAGES.dateCancelled)
  }
}

/**
 * Stores a date's venue brief and tells its confirmed members: a first share is the venue brief
 * each would get the day before, a change is its own mail, once per version (members who book
 * later get the brief with their reminders). Recorded in the audit log, in the same batch, when something changed.
 * What the console and the team's `share-venue` command both do; needs only Firestore.
 */
export async function publishVenue(
  firestore: Firestore,
  actor: Actor,
  event: AuditedEvent,
  input: { eventId: string; eventDate: string; brief: VenueBrief },
  now: number,
) {
  // The brief and its audit line in one batch.
  const stored = await storeVenueBrief(firestore, input.eventId, input.eventDate, input.brief, (batch, change) =>
    auditInBatch(batch, firestore, actor, {
      action: change.change === 'shared' ? 'share-venue' : 'change-venue',
      about: onDate(event, input.eventDate),
      change: { ...input.brief, version: change.version },
      at: now,
    }),
  )
  if (stored.change === 'unchanged') return stored
  const kind = stored.change === 'shared' ? 'venue-brief' : 'venue-changed'
  const version = stored.change === 'shared' ? undefined : stored.version
  for (const booking of await paidBookingsOfDate(firestore, input.eventId, input.eventDate)) {
    await queueMail(firestore, booking, kind, now, undefined, version)
  }
  return stored
}

/** Shares a date's venue (or changes it): confirmed members see it on their ticket and are emailed. */
export const shareVenue = dateAction<RequestOf<typeof shareVenueCall>>(
  async ({ deps, actor, input, now, event }) => {
    const stored = await publishVenue(deps.firestore, actor, event, input, now)
    return stored.change !== 'unchanged'
  },
  { live: true },
)

/** Holds the date's capacity lease for `work`; refused (aborted) while another change holds it. */
async function withCapacityLease<T>(
  deps: BookingDeps,
  eventId: string,
  eventDate: string,
  now: number,
  work: () => Promise<T>,
) {
  if (!(await takeDateLease(deps.firestore, eventId, eventDate, 'capacity', now, now + CAPACITY_LEASE_MS)))
    throw new HttpsError('aborted', HOST_MESSAGES.busy)
  try {
    return await work()
  } finally {
    await releaseDateLease(deps.firestore, eventId, eventDate, 'capacity')
  }
}

/**
 * Changes a date's capacity: never below the seats taken (paid, held or offered); seats added go
 * to the members waiting first.
 */
export const changeCapacity = dateAction<RequestOf<typeof setCapacityCall>>(
  async ({ deps, actor, input, now, event }) => {
    const result = await withCapacityLease(deps, input.eventId, input.eventDate, now, () =>
      setSeatCapacity(deps.firestore, event, input.eventDate, input.capacity, now),
    )
    if (result.outcome === 'below-taken') {
      throw new HttpsError('failed-precondition', `${HOST_MESSAGES.belowTaken} (${result.taken} taken)`)
    }
    if (result.outcome !== 'unchanged') {
      await recordAudit(deps.firestore, actor, {
        action: 'set-capacity',
        about: onDate(event, input.eventDate),
        change: { from: result.previous, to: result.capacity },
        at: now,
      })
    }
    if (result.outcome === 'raised') await offerFreedSeats(deps, input.eventId, input.eventDate)
    return result.outcome !== 'unchanged'
  },
  { live: true },
)

/** Closes or reopens a date's sales. Reopened, its free seats go to the members waiting first. */
export const setSales = dateAction<RequestOf<typeof setSalesCall>>(
  async ({ deps, actor, input, now, event }) => {
    const settings = await readDateSettings(deps.firestore, event, input.eventDate)
    const changed = settings.salesClosed === input.open
    if (changed) {
      // The change and its audit line in one batch: both or neither.
      const batch = deps.firestore.batch()
      setSalesInBatch(batch, deps.firestore, input.eventId, input.eventDate, input.open, now)
      auditInBatch(batch, deps.firestore, actor, {
        action: input.open ? 'reopen-sales' : 'close-sales',
        about: onDate(event, input.eventDate),
        at: now,
      })
      await batch.commit()
      if (input.open) await offerFreedSeats(deps, input.eventId, input.eventDate)
    }
    return changed
  },
  { live: true },
)

/**
 * Cancels a date (the host typed it to confirm): from now on nothing can be booked on it; every
 * confirmed member is refunded in full and told, every held seat ends, the waitlist is released.
 * Settled here at once; the settleCancelledDates job finishes what a failure left.
 */
export const cancelHostedDate = dateAction<RequestOf<typeof hostCancelDateCall>>(
  async ({ deps, actor, input, now, event }) => {
    const { cancelled } = await cancelDate(
      deps.firestore,
      deps.catalogue,
      { eventId: input.eventId, eventDate: input.eventDate, reason: input.reason },
      now,
    )
    // A date is cancelled once: its audit line has the date's id, so a run cut off after the
    // cancellation writes the line on its repeat, and never a second one.
    await recordAudit(
      deps.firestore,
      actor,
      {
        action: 'cancel-date',
        about: onDate(event, input.eventDate),
        change: { reason: input.reason.trim() },
        at: now,
      },
      `cancel-date_${input.eventId}_${input.eventDate}`,
    )
    await settleCancelledDate(deps, input.eventId, input.eventDate)
    await offerFreedSeats(deps, input.eventId, input.eventDate) // ends the line of a cancelled date
    return cancelled
  },
)

/**
 * Cancels one member's paid seat (say, after a suspension): refunded in full, told by email with
 * the host's reason, the seat offered to the line. Applied once: a repeat, or a race with the
 * member's own cancellation, changes nothing more. The audit line has an id of its own, so a run
 * cut off before writing it writes it on the repeat.
 */
export const cancelGuestSeat = dateAction<RequestOf<typeof hostCancelSeatCall>>(
  async ({ deps, actor, input, now, event }) => {
    const booking = await readBooking(deps.firestore, input.orderId)
    if (!booking || booking.event_id !== input.eventId || booking.event_date !== input.eventDate) {
      throw new HttpsError('failed-precondition', HOST_MESSAGES.notThisDate)
    }
    const reason = input.reason.trim()
    let changed = false
    if (booking.status === 'confirmed') {
      changed = await cancelConfirmed(deps, booking, {
        amount: booking.amount,
        reason: 'host-cancelled',
        mail: 'seat-cancelled',
        record: { host_cancel_reason: reason },
      })
    } else if (booking.status !== 'cancelled') {
      throw new HttpsError('failed-precondition', HOST_MESSAGES.notPaid)
    }
    const after = await readBooking(deps.firestore, input.orderId)
    if (after?.refund?.reason === 'host-cancelled') {
      await recordAudit(
        deps.firestore,
        actor,
        {
          action: 'cancel-seat',
          about: onDate(event, input.eventDate),
          change: { order: input.orderId, member: booking.user_id, refund: after.refund.amount, reason },
          at: now,
        },
        `cancel-seat_${input.orderId}`,
      )
    }
    return changed
  },
)
