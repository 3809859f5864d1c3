/**
 * Event dates. Every date and time is Asia/Kolkata (UTC+05:30, no daylight saving),
 * whatever the device's time zone: dates are plain "YYYY-MM-DD" strings of the IST
 * calendar, computed with a fixed offset so the result never depends on the host TZ.
 */
import type { YaariEvent } from './catalogue'
import { formatTime, WEEKDAY_NAMES } from './time-labels'

export { formatTime, scheduleLabel, weekdayName, weekdaysLabel } from './time-labels'

export const IST_OFFSET_MINUTES = 330

export type IsoDate = string

interface CalendarDay {
  year: number
  /** 1-12 */
  month: number
  day: number
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

function toIsoDate({ year, month, day }: CalendarDay): IsoDate {
  return `${year}-${pad(month)}-${pad(day)}`
}

/** The IST calendar day at the instant `now`. */
export function istCalendarDay(now: Date): CalendarDay {
  const shifted = new Date(now.getTime() + IST_OFFSET_MINUTES * 60_000)
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() }
}

/** Today's date in Asia/Kolkata. */
export function istToday(now: Date = new Date()): IsoDate {
  return toIsoDate(istCalendarDay(now))
}

/** Parses "YYYY-MM-DD" strictly: the day must exist in that month. */
export function parseIsoDate(value: string): CalendarDay | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const probe = new Date(Date.UTC(year, month - 1, day))
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return undefined
  }
  return { year, month, day }
}

/** The weekday (0 = Sunday) of a calendar date; independent of any time zone. */
export function weekdayOf(date: IsoDate): number {
  const day = parseIsoDate(date)
  if (!day) throw new Error(`Not a date: ${date}`)
  return new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()
}

type Scheduled = Pick<YaariEvent, 'schedule' | 'startTime'>

/**
 * The dates a member can pick for this event at `now`: its weekly rule's and its one-off dates, in
 * the current month and the next `monthsAhead` (IST), less the skipped ones, from today on (today's
 * only until it starts), in order.
 */
/** The last day offered `monthsAhead` calendar months after the current one (IST): the last of that month. */
export function lastOfferedDate(monthsAhead: number, now: Date = new Date()): IsoDate {
  const today = istCalendarDay(now)
  const last = new Date(Date.UTC(today.year, today.month + monthsAhead, 0))
  return toIsoDate({ year: last.getUTCFullYear(), month: last.getUTCMonth() + 1, day: last.getUTCDate() })
}

export function availableDates(event: Scheduled, now: Date = new Date()): IsoDate[] {
  const { weekdays, dates, skipped, monthsAhead } = event.schedule
  const today = istCalendarDay(now)
  const todayIso = toIsoDate(today)
  const last = new Date(Date.UTC(today.year, today.month + monthsAhead, 0))
  const lastIso = lastOfferedDate(monthsAhead, now)
  const found = new Set<IsoDate>(dates.filter((date) => date <= lastIso))
  if (weekdays.length > 0) {
    for (let day = new Date(Date.UTC(today.year, today.month - 1, today.day)); day <= last; ) {
      if (weekdays.includes(day.getUTCDay())) {
        found.add(toIsoDate({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() }))
      }
      day = new Date(day.getTime() + 24 * 60 * 60_000)
    }
  }
  const skip = new Set(skipped)
  return [...found]
    .filter((date) => !skip.has(date))
    .filter((date) => date > todayIso || (date === todayIso && now < eventStartInstant(date, event.startTime)))
    .sort()
}

/** Whether the event's schedule has it on `date`, whenever that is (a date that is no date: false). */
export function runsOn(event: Pick<YaariEvent, 'schedule'>, date: string): boolean {
  if (parseIsoDate(date) === undefined || event.schedule.skipped.includes(date)) return false
  return event.schedule.dates.includes(date) || event.schedule.weekdays.includes(weekdayOf(date))
}

/** What an archived event's page, and a refused booking of it, say. */
export const NOT_ON_SALE = 'This event is no longer on sale.'

/** What the page of an event says while its city is not live yet. */
export const notOpenYet = (cityName: string) => `Bookings in ${cityName} open soon.`

/** True when `date` is one of the dates `availableDates` offers at `now`. */
export function isBookableDate(event: Scheduled, date: string, now: Date = new Date()): boolean {
  return parseIsoDate(date) !== undefined && availableDates(event, now).includes(date)
}

/** The instant an event on `date` starting at "HH:mm" IST begins. */
export function eventStartInstant(date: IsoDate, startTime: string): Date {
  const day = parseIsoDate(date)
  const time = /^(\d{2}):(\d{2})$/.exec(startTime)
  if (!day || !time) throw new Error(`Bad date or time: ${date} ${startTime}`)
  const utcMillis =
    Date.UTC(day.year, day.month - 1, day.day, Number(time[1]), Number(time[2])) - IST_OFFSET_MINUTES * 60_000
  return new Date(utcMillis)
}

/** The next date this event takes place (today's until it starts), in IST; none when its dates are over. */
export function nextOccurrence(event: Scheduled, now: Date = new Date()): IsoDate | undefined {
  return availableDates(event, now)[0]
}

/** The IST date one day after today. */
/** The calendar day `days` after `date` (before it, when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

export function istTomorrow(now: Date = new Date()): IsoDate {
  return istToday(new Date(now.getTime() + 24 * 60 * 60_000))
}

// Dates are written out in en-IN's style by hand rather than with Intl.DateTimeFormat: the
// first Intl formatter a page builds costs ~40 ms of a phone's main thread (ICU's locale data)
// as the page starts, and the browser's ICU may differ from the build's, which would make the
// prerendered HTML disagree with the hydrating app. The tests hold these to Intl's output.
const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const

function calendarParts(date: IsoDate): CalendarDay & { weekday: number } {
  const day = parseIsoDate(date)
  if (!day) throw new Error(`Not a date: ${date}`)
  return { ...day, weekday: weekdayOf(date) }
}

/** "Sat, 28 Nov" */
export function formatShortDate(date: IsoDate): string {
  const { day, month, weekday } = calendarParts(date)
  return `${SHORT_WEEKDAYS[weekday]}, ${day} ${SHORT_MONTHS[month - 1]}`
}

/** "Saturday, 28 November 2026" */
export function formatLongDate(date: IsoDate): string {
  const { year, month, day, weekday } = calendarParts(date)
  return `${WEEKDAY_NAMES[weekday]}, ${day} ${MONTHS[month - 1]} ${year}`
}

/**
 * "Saturday, 28 November 2026 1:24 AM": an instant's IST day and time, whatever the device's time
 * zone (the UTC day of 01:24 IST is the day before).
 */
export function formatIstDateTime(instant: Date): string {
  return `${formatLongDate(istToday(instant))} ${formatIstClock(instant)}`
}

/** "6:12 PM": the time of an instant on an IST clock, whatever the device's time zone. */
export function formatIstClock(instant: Date): string {
  const shifted = new Date(instant.getTime() + IST_OFFSET_MINUTES * 60_000)
  return formatTime(`${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`)
}

/**
 * An instant's time and day in IST: "6:00 PM on Sat, 6 Feb", the day always said (a group's reveal
 * weeks away, or the day before its evening, is not just "6:00 PM").
 */
export function formatIstClockOnDay(instant: Date): string {
  return `${formatIstClock(instant)} on ${formatShortDate(istToday(instant))}`
}
