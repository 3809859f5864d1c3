/**
 * A weekday's name and an event's start time as people read them: the few words of the calendar
 * that the home page shows, kept apart from the date arithmetic of schedule.ts so a first visit
 * loads only these.
 */
import type { YaariEvent } from './catalogue'

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** "18:00" -> "6:00 PM" */
export function formatTime(startTime: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(startTime)
  if (!match) throw new Error(`Not a time: ${startTime}`)
  const hours = Number(match[1])
  const suffix = hours >= 12 ? 'PM' : 'AM'
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`
}

/** "Every Saturday" */
export function weekdayName(weekday: number): string {
  return WEEKDAY_NAMES[weekday] ?? ''
}

/** "Saturday", "Saturday and Sunday" or "Friday, Saturday and Sunday": the weekly rule's days. */
export function weekdaysLabel(event: Pick<YaariEvent, 'schedule'>, plural = false): string {
  const names = [...event.schedule.weekdays].sort().map((day) => `${WEEKDAY_NAMES[day]}${plural ? 's' : ''}`)
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '')
}

/** "Every Saturday", or "On selected dates" for an event with one-off dates only. */
export function scheduleLabel(event: Pick<YaariEvent, 'schedule'>): string {
  return event.schedule.weekdays.length > 0 ? `Every ${weekdaysLabel(event)}` : 'On selected dates'
}
