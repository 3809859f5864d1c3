import { expect, it } from 'vitest'
import { EVENTS } from '../../domain/catalogue'
import { bookingCalendar } from './ics'

it('writes an iCalendar event in Asia/Kolkata with the evening’s start, end and area', () => {
  const event = EVENTS[0]! // 18:00, 180 minutes, Manyata - Hebbal
  const ics = bookingCalendar(event, '2026-11-28', 'yaari_20261128_abc', new Date('2026-11-22T03:00:00Z'))
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
  const late = { ...EVENTS[0]!, startTime: '22:30', durationMinutes: 180 }
  expect(bookingCalendar(late, '2026-12-31', 'o')).toContain('DTEND;TZID=Asia/Kolkata:20270101T013000')
})
