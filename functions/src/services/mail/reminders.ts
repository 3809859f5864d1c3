/**
 * The queueReminders job: finds confirmed bookings of today and tomorrow (IST) that are due the
 * venue brief (once the team has shared it and the event is at most 24 hours away, whichever is
 * later) or the day's reminder (from 09:00 IST on the day until the event starts), and queues
 * that mail. Queueing is once per booking and kind, so the job may run as often as it likes.
 */
import { venueBriefPath } from '@yaari/domain/booking'
import { VENUE_SHARED_HOURS_BEFORE } from '@yaari/domain/refund-policy'
import { eventStartInstant, istToday, istTomorrow } from '@yaari/domain/schedule'
import { nowOf } from '../../lib/context'
import type { BookingRecord } from '../../lib/data/bookings'
import { paidBookingsOn } from '../../lib/data/bookings'
import { briefShared } from '../../lib/data/venue-briefs'
import { mapLimit } from '../../lib/records'
import type { MailDeps } from './outbox'
import { queueMail } from './outbox'

/** The day's reminder goes out from this IST time on the day of the event. */
const DAY_REMINDER_FROM = '09:00'

export interface ReminderReport {
  bookings: number
  briefs: number
  reminders: number
}

export async function queueReminders(deps: Pick<MailDeps, 'firestore' | 'now' | 'catalogue'>): Promise<ReminderReport> {
  const { catalogue } = deps
  const { firestore } = deps
  const now = nowOf(deps)
  const today = istToday(new Date(now))
  const dates = [today, istTomorrow(new Date(now))]
  const bookings = await paidBookingsOn(firestore, dates)

  const shared = new Map<string, Promise<boolean>>()
  const hasBrief = (booking: BookingRecord) => {
    const path = venueBriefPath(booking.event_id, booking.event_date)
    if (!shared.has(path)) shared.set(path, briefShared(firestore, booking.event_id, booking.event_date))
    return shared.get(path)!
  }

  const queued = await mapLimit(bookings, 4, async (booking) => {
    const event = catalogue.eventById(booking.event_id)
    if (!event) return { brief: false, reminder: false }
    const start = eventStartInstant(booking.event_date, event.startTime).getTime()
    if (now >= start) return { brief: false, reminder: false }
    const briefDue = now >= start - VENUE_SHARED_HOURS_BEFORE * 3_600_000 && (await hasBrief(booking))
    const reminderDue =
      booking.event_date === today && now >= eventStartInstant(booking.event_date, DAY_REMINDER_FROM).getTime()
    return {
      brief: briefDue && (await queueMail(firestore, booking, 'venue-brief', now)),
      reminder: reminderDue && (await queueMail(firestore, booking, 'day-reminder', now)),
    }
  })
  return {
    bookings: bookings.length,
    briefs: queued.filter((q) => q.brief).length,
    reminders: queued.filter((q) => q.reminder).length,
  }
}
