import { expect, it } from 'vitest'
import { catalogueOf } from './catalogue'
import { SEED, SEED_EVENTS } from './catalogue-seed'
import { bookingCalendar, foldLine } from './ics'

it('writes an iCalendar event in Asia/Kolkata with the evening’s start, end and area', () => {
  const event = SEED_EVENTS[0]! // 18:00, 180 minutes, Manyata - Hebbal
  const ics = bookingCalendar(SEED, event, '2026-11-28', 'yaari_20261128_abc', new Date('2026-11-22T03:00:00Z'))
  const lines = ics.split('\r\n')
  expect(lines[0]).toBe('BEGIN:VCALENDAR')
  expect(lines).toContain('TZID:Asia/Kolkata')
  expect(lines).toContain('DTSTART;TZID=Asia/Kolkata:20261128T180000')
  expect(lines).toContain('DTEND;TZID=Asia/Kolkata:20261128T210000')
  expect(lines).toContain('UID:yaari_20261128_abc@yaari')
  expect(lines).toContain('DTSTAMP:20261122T030000Z')
  expect(lines.find((line) => line.startsWith('LOCATION:'))).toBe(
    'LOCATION:Manyata - Hebbal\\, Bengaluru (exact venue shared 24 hours before)',
  )
  expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
})

it('ends after midnight on the next day when the evening runs late', () => {
  const late = { ...SEED_EVENTS[0]!, startTime: '22:30', durationMinutes: 180 }
  expect(bookingCalendar(SEED, late, '2026-12-31', 'o')).toContain('DTEND;TZID=Asia/Kolkata:20270101T013000')
})

/** The content lines of a file, unfolded (RFC 5545 3.1: CRLF followed by a space continues a line). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n')

it('folds every line longer than 75 octets, never inside a character, and unfolds to the same text', () => {
  const long = '\u092c\u0947\u0902\u0917\u0932\u0941\u0930\u0941 '.repeat(20) + 'x'.repeat(90)
  const folded = foldLine(`DESCRIPTION:${long}`)
  const encoder = new TextEncoder()
  for (const line of folded.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75)
  expect(
    folded
      .split('\r\n')
      .slice(1)
      .every((line) => line.startsWith(' ')),
  ).toBe(true)
  expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${long}`)
  expect(foldLine('SHORT:line')).toBe('SHORT:line')
})

it('writes a valid file for every event: CRLF lines of at most 75 octets, one VEVENT with its required fields', () => {
  const encoder = new TextEncoder()
  for (const event of SEED_EVENTS) {
    const ics = bookingCalendar(SEED, event, '2026-12-05', `yaari_${event.id}_order`, new Date('2026-11-22T03:00:00Z'))
    expect(ics.endsWith('\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    for (const line of ics.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75)
    const lines = unfold(ics)
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1)
    for (const field of ['UID:', 'DTSTAMP:', 'DTSTART;TZID=Asia/Kolkata:', 'DTEND;TZID=Asia/Kolkata:', 'SUMMARY:'])
      expect(lines.some((line) => line.startsWith(field))).toBe(true)
    expect(lines).toContain(`SUMMARY:${`${event.title} (Yaari ${event.kind})`.replace(/[\\;,]/g, (c) => `\\${c}`)}`)
  }
})

it('keeps every value on its line: a carriage return, a line break or both become \\n; the city is the event’s', () => {
  const event = { ...SEED_EVENTS[0]!, title: 'Brunch\rBEGIN:VALARM', venueArea: 'Bandra\r\nWest', city: 'mumbai' }
  const lines = unfold(bookingCalendar(SEED, event, '2026-11-28', 'o'))
  expect(lines.filter((line) => line.startsWith('BEGIN:VALARM'))).toEqual([])
  expect(lines.find((line) => line.startsWith('SUMMARY:'))).toBe(
    'SUMMARY:Brunch\\nBEGIN:VALARM (Yaari Stranger Meet Up)',
  )
  expect(lines.find((line) => line.startsWith('LOCATION:'))).toBe(
    'LOCATION:Bandra\\nWest\\, Mumbai (exact venue shared 24 hours before)',
  )
  for (const line of lines) expect(line).not.toMatch(/\r/)
})

it("names the event's area alone once its city is off the catalogue: never the city's id", () => {
  const gone = { ...SEED_EVENTS[0]!, city: 'crawlpur' }
  const catalogue = catalogueOf({ ...SEED.snapshot, events: [...SEED.snapshot.events] })
  const location = bookingCalendar(catalogue, gone, '2026-11-28', 'o')
    .split('\r\n')
    .find((line) => line.startsWith('LOCATION:'))
  expect(location).toBe('LOCATION:Manyata - Hebbal (exact venue shared 24 hours before)')
})
