/**
 * The console's first screen, in the order a host needs it: tonight, the rest of this week, then
 * the later dates by month (folded). Pure, so the grouping is unit-tested.
 */
import type { HostDateSummary } from '@yaari/domain/host'
import { formatLongDate, istToday } from '@yaari/domain/schedule'

export interface DateSection {
  key: string
  label: string
  /** Shown folded (a disclosure to open). */
  folded: boolean
  dates: HostDateSummary[]
}

/**
 * "December 2026": the month of a date, the end of its long form ("Sunday, 6 December 2026"). Not a
 * schedule.ts function of its own: that module is in every member's first load, and this is the console's.
 */
const monthOf = (iso: string) => formatLongDate(iso).split(' ').slice(-2).join(' ')

/** The IST date `days` after `iso`. */
function plusDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * Dates (already in order) grouped: tonight, this week (the next 7 days, the 7th included, so a weekly
 * event's next date is always there), then each later month, folded.
 */
export function sectionHostDates(dates: readonly HostDateSummary[], now = new Date()): DateSection[] {
  const today = istToday(now)
  const weekEnd = plusDays(today, 7)
  const groups = new Map<string, DateSection>()
  const add = (key: string, label: string, folded: boolean, date: HostDateSummary) => {
    const group = groups.get(key) ?? { key, label, folded, dates: [] }
    group.dates.push(date)
    groups.set(key, group)
  }
  for (const date of dates) {
    if (date.eventDate <= today) add('tonight', 'Tonight', false, date)
    else if (date.eventDate <= weekEnd) add('week', 'This week', false, date)
    else {
      add(date.eventDate.slice(0, 7), monthOf(date.eventDate), true, date)
    }
  }
  return [...groups.values()]
}
