/**
 * The words the app says about notifications, exactly (the bell, the ask after a booking or a
 * waitlist join, the settings), the bell's name for a screen reader, the kinds a member turns off,
 * and that what the copy promises about quiet hours is what the clock does.
 */
import { describe, expect, it } from 'vitest'
import { inQuietHours, NOTICE_KIND_LABELS, NOTICE_KINDS, pushDueAt, NOTIFY_COPY as REEXPORTED } from './notifications'
import { bellLabel, NOTIFY_COPY } from './notify-copy'

describe('the notifications copy', () => {
  it('says exactly this', () => {
    expect(NOTIFY_COPY).toEqual({
      afterBooking: 'Get told when doors open and when your group is revealed?',
      afterWaitlist: 'Get told the moment a seat frees up?',
      installFirst: 'Add Yaari to your home screen to get notifications',
      installHow: 'In Safari, tap Share, then Add to Home Screen, and open Yaari from there.',
      unsupported: 'This browser cannot show notifications. Every message is still listed under the bell.',
      blocked: 'Notifications are blocked for Yaari in this browser. Allow them in its site settings to be told here.',
      allow: 'Allow notifications',
      notNow: 'Not now',
      allowed: 'Notifications are on for this device.',
      listTitle: 'Notifications',
      empty: 'Nothing yet. What we tell you about your bookings shows up here.',
      markRead: 'Mark all as read',
      settingsHeading: 'Notifications',
      settingsIntro:
        'Choose what we tell you on this phone. The list under the bell keeps everything, and email is sent either way.',
      quietHours:
        'Between 10 PM and 8 AM we hold everything until 8 AM, except a seat offered to you and a change on the day itself.',
      saved: 'Notification settings saved.',
      offline: 'You are offline. Your notifications need a connection the first time.',
      turnOff: 'Turn off on this device',
      onThisDevice: 'This device',
    })
  })

  it('is the same copy the contracts re-export', () => {
    expect(REEXPORTED).toBe(NOTIFY_COPY)
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
    expect(Object.keys(NOTICE_KIND_LABELS).sort()).toEqual([...NOTICE_KINDS].sort())
    expect(NOTICE_KIND_LABELS).toEqual({
      offer: 'A waitlist seat offered to you',
      reminder: 'The day-of reminder with your ticket',
      venue: 'The venue shared or changed',
      'host-message': 'Messages from your host',
      'how-was': '"How was it?" the morning after',
      connection: 'A new connection',
      group: 'Your group revealed',
      cancelled: 'A cancelled date or seat, and its refund',
      account: 'Bookings, payments and your account',
    })
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
