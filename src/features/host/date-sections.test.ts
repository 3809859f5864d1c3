import type { HostDateSummary } from '@yaari/domain/host'
import { describe, expect, it } from 'vitest'
import { sectionHostDates } from './date-sections'

const on = (eventDate: string, eventId = 'midweek-wednesday-dinner') => ({ eventId, eventDate }) as HostDateSummary

describe('the console’s first screen', () => {
  it('puts tonight first, then the next seven days, then each later month folded', () => {
    // 2026-11-26 at 20:00 IST.
    const now = new Date('2026-11-26T14:30:00Z')
    const dates = ['2026-11-26', '2026-11-28', '2026-12-03', '2026-12-04', '2026-12-19', '2027-01-06'].map((d) => on(d))
    expect(sectionHostDates(dates, now).map((g) => [g.label, g.folded, g.dates.map((d) => d.eventDate)])).toEqual([
      ['Tonight', false, ['2026-11-26']],
      // Seven days on (a weekly event's next date) is this week: every event's next date shows unfolded.
      ['This week', false, ['2026-11-28', '2026-12-03']],
      ['December 2026', true, ['2026-12-04', '2026-12-19']],
      ['January 2027', true, ['2027-01-06']],
    ])
  })

  it('has no empty groups', () => {
    expect(sectionHostDates([on('2027-01-06')], new Date('2026-11-26T05:00:00Z')).map((g) => g.key)).toEqual([
      '2027-01',
    ])
  })
})
