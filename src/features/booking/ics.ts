/**
 * 'Add to calendar': an iCalendar (RFC 5545) file for a booked evening, in Asia/Kolkata
 * (fixed +05:30, no daylight saving), so every calendar app shows the right local time.
 */
import type { YaariEvent } from '../../domain/catalogue'
import { VENUE_SHARED_HOURS_BEFORE } from '../../domain/refund-policy'

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Kolkata',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
]

/** Escapes text values (commas, semicolons, backslashes, newlines). */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')

/** "2026-11-28" + "18:00" + minutes -> "20261128T180000" (local time in IST). */
function localStamp(date: string, time: string, plusMinutes = 0): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const at = new Date(`${date}T00:00:00Z`)
  at.setUTCMinutes(hours * 60 + minutes + plusMinutes)
  return at.toISOString().replace(/[-:]/g, '').slice(0, 15)
}

export function bookingCalendar(
  event: Pick<YaariEvent, 'title' | 'kind' | 'startTime' | 'durationMinutes' | 'venueArea' | 'whatToExpect'>,
  date: string,
  orderId: string,
  now: Date = new Date(),
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Yaari//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${orderId}@yaari`,
    `DTSTAMP:${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
    `DTSTART;TZID=Asia/Kolkata:${localStamp(date, event.startTime)}`,
    `DTEND;TZID=Asia/Kolkata:${localStamp(date, event.startTime, event.durationMinutes)}`,
    `SUMMARY:${text(`${event.title} (Yaari ${event.kind})`)}`,
    `LOCATION:${text(`${event.venueArea}, Bengaluru (exact venue shared ${VENUE_SHARED_HOURS_BEFORE} hours before)`)}`,
    `DESCRIPTION:${text(`Booking ${orderId}\n${event.whatToExpect.join('\n')}`)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.join('\r\n')}\r\n`
}

/** Offers the file for download in the browser. */
export function downloadCalendar(filename: string, contents: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type: 'text/calendar;charset=utf-8' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: filename })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
