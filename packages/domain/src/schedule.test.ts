import { afterEach, describe, expect, it } from 'vitest'
import { SEED } from './catalogue-seed'
import {
  availableDates,
  eventStartInstant,
  formatIstClock,
  formatIstClockOnDay,
  formatLongDate,
  formatShortDate,
  formatTime,
  isBookableDate,
  istToday,
  istTomorrow,
  nextOccurrence,
  parseIsoDate,
  runsOn,
  scheduleLabel,
  weekdayName,
  weekdayOf,
  weekdaysLabel,
} from './schedule'

const weekly = (weekday: number, startTime: string) => ({
  startTime,
  schedule: { weekdays: [weekday], dates: [], skipped: [], monthsAhead: 2 },
})
const saturday = weekly(6, '18:00')
const wednesday = weekly(3, '20:00')
const originalTz = process.env.TZ

afterEach(() => {
  process.env.TZ = originalTz
})

describe('istToday', () => {
  it('is already tomorrow in India at 19:00 UTC', () => {
    expect(istToday(new Date('2026-11-21T18:29:59Z'))).toBe('2026-11-21')
    expect(istToday(new Date('2026-11-21T18:30:00Z'))).toBe('2026-11-22')
  })

  it('does not depend on the device time zone', () => {
    const instant = new Date('2026-12-31T20:00:00Z')
    for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC', 'Asia/Kolkata']) {
      process.env.TZ = tz
      expect(istToday(instant)).toBe('2027-01-01')
    }
  })
})

describe('availableDates', () => {
  it('lists the weekday in the current and next two months, today or later', () => {
    // Wednesday 2026-11-18 at noon IST.
    const dates = availableDates(saturday, new Date('2026-11-18T06:30:00Z'))
    expect(dates).toEqual([
      '2026-11-21',
      '2026-11-28',
      '2026-12-05',
      '2026-12-12',
      '2026-12-19',
      '2026-12-26',
      '2027-01-02',
      '2027-01-09',
      '2027-01-16',
      '2027-01-23',
      '2027-01-30',
    ])
    for (const date of dates) expect(weekdayOf(date)).toBe(6)
  })

  it('includes today when today is the weekday, until the event starts (IST)', () => {
    // Wednesday 2026-11-18: 19:59 IST is before the 20:00 start, 20:00 is the start itself.
    expect(availableDates(wednesday, new Date('2026-11-18T14:29:00Z'))[0]).toBe('2026-11-18')
    expect(availableDates(wednesday, new Date('2026-11-18T14:30:00Z'))[0]).toBe('2026-11-25')
    // 23:00 IST, whatever the device's zone.
    process.env.TZ = 'America/Los_Angeles'
    expect(availableDates(wednesday, new Date('2026-11-18T17:30:00Z'))[0]).toBe('2026-11-25')
  })

  it('crosses the year end in the IST calendar even when the device is behind UTC', () => {
    process.env.TZ = 'America/Los_Angeles'
    // 2026-12-31 21:00 PST is already 2027-01-01 10:30 IST: January, February, March.
    const dates = availableDates(wednesday, new Date('2027-01-01T05:00:00Z'))
    expect(dates[0]).toBe('2027-01-06')
    expect(dates.at(-1)).toBe('2027-03-31')
    expect(dates.every((d) => d >= '2027-01-01' && d <= '2027-03-31')).toBe(true)
  })

  it('handles a leap-year February at the month end', () => {
    // Saturday 2028-02-26 09:00 IST: the window is Feb, Mar, Apr 2028 and Feb 29 is a Tuesday.
    const dates = availableDates(weekly(2, '18:00'), new Date('2028-02-26T03:30:00Z'))
    expect(dates[0]).toBe('2028-02-29')
    expect(dates.at(-1)).toBe('2028-04-25')
  })

  it('adds one-off dates, leaves out skipped ones, and looks only as far ahead as it says', () => {
    const now = new Date('2026-11-26T06:00:00Z') // Thursday 26 November, IST
    const brunch = {
      startTime: '11:00',
      schedule: { weekdays: [0], dates: ['2026-12-25', '2027-03-01'], skipped: ['2026-12-06'], monthsAhead: 1 },
    }
    expect(availableDates(brunch, now)).toEqual(['2026-11-29', '2026-12-13', '2026-12-20', '2026-12-25', '2026-12-27'])
    expect(runsOn(brunch, '2026-12-25')).toBe(true)
    expect(runsOn(brunch, '2026-12-06')).toBe(false)
    expect(runsOn(brunch, '2026-12-26')).toBe(false)
    expect(runsOn(brunch, '2026-02-30')).toBe(false)
  })

  it('offers one-off dates only, and nothing once they are over', () => {
    const once = { startTime: '19:00', schedule: { weekdays: [], dates: ['2026-12-31'], skipped: [], monthsAhead: 2 } }
    expect(availableDates(once, new Date('2026-11-26T06:00:00Z'))).toEqual(['2026-12-31'])
    expect(nextOccurrence(once, new Date('2027-01-01T06:00:00Z'))).toBeUndefined()
    expect(scheduleLabel(once)).toBe('On selected dates')
  })

  it('names the weekly rule’s days', () => {
    expect(scheduleLabel(saturday)).toBe('Every Saturday')
    const weekend = { schedule: { weekdays: [6, 0], dates: [], skipped: [], monthsAhead: 2 } }
    expect(scheduleLabel(weekend)).toBe('Every Sunday and Saturday')
    expect(weekdaysLabel({ schedule: { ...weekend.schedule, weekdays: [5, 6, 0] } }, true)).toBe(
      'Sundays, Fridays and Saturdays',
    )
  })
})

describe('isBookableDate', () => {
  const now = new Date('2026-11-18T06:30:00Z')
  const firstHello = SEED.eventById('first-hello-stranger-meetup')!

  it('accepts an upcoming occurrence and rejects anything else', () => {
    expect(isBookableDate(firstHello, '2026-11-21', now)).toBe(true)
    expect(isBookableDate(firstHello, '2026-11-14', now)).toBe(false) // past
    expect(isBookableDate(firstHello, '2026-11-22', now)).toBe(false) // a Sunday
    expect(isBookableDate(firstHello, '2027-02-06', now)).toBe(false) // outside the window
    expect(isBookableDate(firstHello, '2026-02-30', now)).toBe(false) // not a date
    expect(isBookableDate(firstHello, 'tomorrow', now)).toBe(false)
  })

  it("takes today's occurrence until its start time in IST, not after", () => {
    // Saturday 2026-11-21, The First Hello starts at 18:00 IST (12:30 UTC).
    expect(isBookableDate(firstHello, '2026-11-21', new Date('2026-11-21T12:29:59Z'))).toBe(true)
    expect(isBookableDate(firstHello, '2026-11-21', new Date('2026-11-21T12:30:00Z'))).toBe(false)
    expect(isBookableDate(firstHello, '2026-11-28', new Date('2026-11-21T12:30:00Z'))).toBe(true)
  })
})

describe('formatIstClockOnDay', () => {
  it('says the IST day with the time, whatever day it is in UTC', () => {
    expect(formatIstClockOnDay(new Date('2027-02-03T12:30:00Z'))).toBe('6:00 PM on Wed, 3 Feb')
    // 00:30 IST on the 4th is still the 3rd in UTC.
    expect(formatIstClockOnDay(new Date('2027-02-03T19:00:00Z'))).toBe('12:30 AM on Thu, 4 Feb')
  })
})

describe('formatIstClock', () => {
  it('reads an instant on an IST clock, whatever the device zone', () => {
    process.env.TZ = 'America/Los_Angeles'
    expect(formatIstClock(new Date('2026-11-21T12:42:00Z'))).toBe('6:12 PM')
    expect(formatIstClock(new Date('2026-11-21T18:30:00Z'))).toBe('12:00 AM')
  })
})

describe('parseIsoDate and eventStartInstant', () => {
  it('rejects impossible dates', () => {
    expect(parseIsoDate('2026-02-29')).toBeUndefined()
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 })
    expect(parseIsoDate('2026-1-5')).toBeUndefined()
  })

  it('places 18:00 IST at 12:30 UTC', () => {
    expect(eventStartInstant('2026-11-21', '18:00').toISOString()).toBe('2026-11-21T12:30:00.000Z')
  })
})

describe('next occurrence and labels', () => {
  it('finds the next date and knows when it is tomorrow in IST', () => {
    // Friday 2026-11-20, 23:00 IST: Saturday is tomorrow.
    const now = new Date('2026-11-20T17:30:00Z')
    expect(nextOccurrence(weekly(6, '18:00'), now)).toBe('2026-11-21')
    expect(istTomorrow(now)).toBe('2026-11-21')
    // 30 minutes later it is Saturday in India, and tomorrow is Sunday.
    expect(istTomorrow(new Date('2026-11-20T18:30:00Z'))).toBe('2026-11-22')
  })

  it('formats dates and times without shifting them in any time zone', () => {
    for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata']) {
      process.env.TZ = tz
      expect(formatShortDate('2026-11-28')).toBe('Sat, 28 Nov')
      expect(formatLongDate('2026-11-28')).toBe('Saturday, 28 November 2026')
    }
    for (const [time, label] of [
      ['18:00', '6:00 PM'],
      ['20:00', '8:00 PM'],
      ['00:30', '12:30 AM'],
      ['12:00', '12:00 PM'],
    ] as const)
      expect(formatTime(time), time).toBe(label)
    expect(weekdayName(3)).toBe('Wednesday')
  })

  it("writes every date of two years exactly as Intl's en-IN formatting does", () => {
    const short = new Intl.DateTimeFormat('en-IN', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    })
    const long = new Intl.DateTimeFormat('en-IN', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
    for (let day = 0; day < 731; day++) {
      const noon = new Date(Date.UTC(2026, 0, 1 + day, 12))
      const date = noon.toISOString().slice(0, 10)
      expect(formatShortDate(date), date).toBe(short.format(noon))
      expect(formatLongDate(date), date).toBe(long.format(noon))
    }
  })
})
