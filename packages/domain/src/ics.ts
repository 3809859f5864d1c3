/**
 * 'Add to calendar': an iCalendar (RFC 5545) file for a booked evening, in Asia/Kolkata
 * (fixed +05:30, no daylight saving), so every calendar app shows the right local time. The same
 * file is offered on My bookings and attached to the confirmation email.
 */
import type { Catalogue, YaariEvent } from './catalogue'
import { eventArea } from './city-places'
import { VENUE_SHARED_HOURS_BEFORE } from './refund-policy'

const VTIMEZONE: readonly string[] = [
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

/**
 * Escapes text values (commas, semicolons, backslashes) and writes every line break, a bare
 * carriage return included, as RFC 5545's \n: nothing in a value can end its content line.
 */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n')

/** RFC 5545 3.1: a content line is at most 75 octets; longer ones continue on lines that start
 * with a space. Splits between UTF-8 characters, never inside one. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** "2026-11-28" + "18:00" + minutes -> "20261128T180000" (local time in IST). */
function localStamp(date: string, time: string, plusMinutes = 0): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const at = new Date(`${date}T00:00:00Z`)
  at.setUTCMinutes(hours * 60 + minutes + plusMinutes)
  return at.toISOString().replace(/[-:]/g, '').slice(0, 15)
}

export function bookingCalendar(
  catalogue: Catalogue,
  event: Pick<YaariEvent, 'title' | 'kind' | 'city' | 'startTime' | 'durationMinutes' | 'venueArea' | 'whatToExpect'>,
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
    `LOCATION:${text(`${eventArea(catalogue, event)} (exact venue shared ${VENUE_SHARED_HOURS_BEFORE} hours before)`)}`,
    `DESCRIPTION:${text(`Booking ${orderId}\n${event.whatToExpect.join('\n')}`)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
