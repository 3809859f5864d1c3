/**
 * The words the app says about notifications, apart from their contracts (notifications.ts
 * re-exports NOTIFICATION_COPY): the bell in the header, on every member's page, reads them without
 * loading valibot and every contract.
 */

export const NOTIFICATION_COPY = {
  afterBooking: 'Get told when doors open and when your group is revealed?',
  afterWaitlist: 'Get told the moment a seat frees up?',
  forCoordinator: 'Get a push on this phone the moment a guest asks for help?',
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
} as const

/** "Notifications, 2 unread" / "Notifications": the bell's name for a screen reader. */
export const bellLabel = (unread: number) =>
  unread > 0 ? `${NOTIFICATION_COPY.listTitle}, ${unread} unread` : NOTIFICATION_COPY.listTitle
