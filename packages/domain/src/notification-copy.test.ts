/**
 * The words the app says about notifications, exactly (the bell, the ask after a booking or a
 * waitlist join, the settings), the bell's name for a screen reader, the kinds a member turns off,
 * and that what the copy promises about quiet hours is what the clock does.
 */
import { describe, expect, it } from 'vitest'
import { bellLabel, NOTIFICATION_COPY } from './notification-copy'
import {
  inQuietHours,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  pushDueAt,
  NOTIFICATION_COPY as REEXPORTED,
} from './notifications'

describe('the notifications copy', () => {
  it('says exactly this', () => {
    // The words as the product says them, recorded in __snapshots__: a change to one is a change seen in review.
    expect(NOTIFICATION_COPY).toMatchSnapshot()
  })

  it('is the same copy the contracts re-export', () => {
    expect(REEXPORTED).toBe(NOTIFICATION_COPY)
  })
})

describe('the bell’s name for a screen reader', () => {
  it('says how many are unread, and nothing more when none is', () => {
    expect(bellLabel(0)).toBe('Notifications')
    expect(bellLabel(1)).toBe('Notifications, 1 unread')
    expect(bellLabel(2)).toBe('Notifications, 2 unread')
    expect(bellLabel(50)).toBe('Notifications, 50 unread')
    expect(bellLabel(-1)).toBe('Notifications')
  })
})

describe('the kinds a member turns off', () => {
  it('are named exactly this, one for each kind', () => {
    expect(Object.keys(NOTIFICATION_KIND_LABELS).sort()).toEqual([...NOTIFICATION_KINDS].sort())
    expect(NOTIFICATION_KIND_LABELS).toMatchSnapshot()
  })
})

describe('what the quiet hours copy promises', () => {
  const ist = (time: string) => Date.parse(`2026-12-01T${time}:00+05:30`)

  it('"between 10 PM and 8 AM", in IST', () => {
    expect(inQuietHours(ist('21:59'))).toBe(false)
    expect(inQuietHours(ist('22:00'))).toBe(true)
    expect(inQuietHours(ist('07:59'))).toBe(true)
    expect(inQuietHours(ist('08:00'))).toBe(false)
  })

  it('"we hold everything until 8 AM", except what cannot wait', () => {
    expect(pushDueAt(ist('23:30'), false)).toBe(Date.parse('2026-12-02T08:00:00+05:30'))
    expect(pushDueAt(ist('06:00'), false)).toBe(ist('08:00'))
    expect(pushDueAt(ist('23:30'), true)).toBe(ist('23:30'))
  })
})
