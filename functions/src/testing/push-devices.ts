/** Test data for members' devices: the keys a browser's push subscription carries, and the nth device's subscription (at FCM). */
export const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }
export const device = (n: number) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/device-${n}`, keys: KEYS })
