/**
 * The network side of the member's data: each refresh asks the server once (a second ask while
 * one is under way joins it) and writes the answer into the device's database, which every
 * screen reads (hooks.ts). A refresh runs only for the member Firebase Auth has confirmed, and
 * writes only while that member is still the one signed in, so one member's answer never lands
 * under another's name. On a hanging connection a refresh simply stays under way: nothing a
 * member reads waits for it.
 */

import { type BookingView, getBookingCall } from '@yaari/domain/booking'
import { errorCode } from '@yaari/domain/error-code'
import { listMyBookingsCall } from '@yaari/domain/my-bookings'
import {
  listNotificationsCall,
  markNotificationsReadCall,
  type NotificationKind,
  type NotificationView,
  saveNotificationSettingsCall,
} from '@yaari/domain/notifications'
import { getMyProfileCall } from '@yaari/domain/profile'
import type { AnswerField } from '@yaari/domain/profile-answers'
import type { WaitlistView } from '@yaari/domain/waitlist'
import { call } from '../call'
import { localDb } from '../db'
import { onMemberReplaced, useAuthStore, watchAuth } from '../session/auth-store'
import {
  type MemberDataKind,
  readMobileStatus,
  writeBooking,
  writeBookings,
  writeMobileStatus,
  writeNotificationRead,
  writeNotificationSettings,
  writeNotifications,
  writeNotificationsRead,
  writeProfile,
  writeProfileAnswers,
  writeWaitlistPlace,
} from './records'
import { refreshStateKey, useRefreshStore } from './refresh-state'
import { forgetUnread, rememberUnread } from './unread'

const inFlight = new Map<string, Promise<void>>()

/** True while `uid` is the member Firebase Auth confirmed in this page. */
const isConfirmed = (uid: string) => {
  const { member, verified } = useAuthStore.getState()
  return verified && member?.uid === uid
}

async function fetchAndWrite(kind: MemberDataKind, uid: string): Promise<void> {
  const stillTheirs = () => isConfirmed(uid)
  if (kind === 'bookings') {
    const data = await call(listMyBookingsCall, {})
    await writeBookings(localDb(), uid, data, { stillTheirs })
  } else if (kind === 'profile') {
    const { profile, verifiedMobile, mobileCheckSkipped } = await call(getMyProfileCall, {})
    await writeProfile(localDb(), uid, profile, { stillTheirs, mobile: { verifiedMobile, mobileCheckSkipped } })
  } else {
    const data = await call(listNotificationsCall, {})
    // The bell reads its count from localStorage (unread.ts): kept beside the list.
    if (await writeNotifications(localDb(), uid, data, { stillTheirs })) rememberUnread(uid, data.unread)
  }
}

/**
 * Brings this kind of the signed-in member's data up to date from the server. Waits for
 * Firebase Auth's answer first; does nothing for a visitor, or when Auth settles on someone
 * other than the member the device knew.
 */
export function refreshMemberData(kind: MemberDataKind): Promise<void> {
  const uid = useAuthStore.getState().member?.uid
  if (!uid) return watchAuth().then(() => (useAuthStore.getState().member ? refreshMemberData(kind) : undefined))
  const key = refreshStateKey(uid, kind)
  const running = inFlight.get(key)
  if (running) return running
  const run = (async () => {
    useRefreshStore.setState({ [key]: { status: 'refreshing' } })
    try {
      await watchAuth()
      if (!isConfirmed(uid)) return
      await fetchAndWrite(kind, uid)
      useRefreshStore.setState({ [key]: { status: 'done' } })
    } catch (error) {
      useRefreshStore.setState({ [key]: { status: 'failed', code: errorCode(error), offline: !navigator.onLine } })
    } finally {
      if (useRefreshStore.getState()[key]?.status === 'refreshing') useRefreshStore.setState({ [key]: undefined })
      inFlight.delete(key)
    }
  })()
  inFlight.set(key, run)
  return run
}

/** The member just verified `mobile` (10 digits): the device knows at once (the booking form stops asking). */
export async function keepVerifiedMobile(uid: string, mobile: string): Promise<void> {
  if (!isConfirmed(uid)) return
  const known = await readMobileStatus(localDb(), uid)
  await writeMobileStatus(
    localDb(),
    uid,
    { verifiedMobile: mobile, mobileCheckSkipped: known?.mobileCheckSkipped ?? false },
    { stillTheirs: () => isConfirmed(uid) },
  )
}

/** A booking the server just answered with (a payment confirmed, a cancel): kept on the device at once. */
export async function keepBooking(booking: BookingView): Promise<void> {
  const uid = useAuthStore.getState().member?.uid
  if (uid) await writeBooking(localDb(), uid, booking, { stillTheirs: () => isConfirmed(uid) })
}

/**
 * The answers createBooking says it kept on the profile of `uid` (the member who asked): on the
 * device's copy at once, so the next booking form and the profile page start from them. Nothing if
 * someone else is signed in by then.
 */
export async function keepProfileAnswers(uid: string, kept: Partial<Record<AnswerField, string>>): Promise<void> {
  if (!isConfirmed(uid) || !Object.keys(kept).length) return
  await writeProfileAnswers(localDb(), uid, kept, { stillTheirs: () => isConfirmed(uid) })
}

/** getBooking, its answer kept on the device: the ticket is there as soon as the payment is confirmed. */
export async function checkBooking(orderId: string): Promise<{ booking: BookingView }> {
  const answer = await call(getBookingCall, { orderId })
  await keepBooking(answer.booking)
  return answer
}

/** A waitlist place the member just joined, changed or left (undefined). */
export async function keepWaitlistPlace(
  place: { eventId: string; eventDate: string },
  entry: WaitlistView | undefined,
): Promise<void> {
  const uid = useAuthStore.getState().member?.uid
  if (uid && isConfirmed(uid)) await writeWaitlistPlace(localDb(), uid, place, entry)
}

/**
 * Marks every notification on the list read, up to the newest one's time (one said meanwhile stays
 * unread), and keeps the server's new count on the device and under the bell.
 */
export async function markAllNotificationsRead(notifications: readonly NotificationView[]): Promise<void> {
  const newest = notifications.reduce<string | undefined>(
    (latest, notification) =>
      latest === undefined || Date.parse(notification.at) > Date.parse(latest) ? notification.at : latest,
    undefined,
  )
  if (newest === undefined) return
  const { unread } = await call(markNotificationsReadCall, { upTo: newest })
  const uid = useAuthStore.getState().member?.uid
  if (!uid || !isConfirmed(uid)) return
  await writeNotificationsRead(localDb(), uid, newest, unread, { stillTheirs: () => isConfirmed(uid) })
  rememberUnread(uid, unread)
}

/** The member opened one notification: it is read (on the server, then on the device and the bell). */
export async function markNotificationRead(id: string): Promise<void> {
  const { unread } = await call(markNotificationsReadCall, { id })
  const uid = useAuthStore.getState().member?.uid
  if (!uid || !isConfirmed(uid)) return
  await writeNotificationRead(localDb(), uid, id, unread, { stillTheirs: () => isConfirmed(uid) })
  rememberUnread(uid, unread)
}

/** Saves the kinds of notification the member turned off, and keeps what the server kept. */
export async function saveNotificationSettings(off: NotificationKind[]): Promise<NotificationKind[]> {
  const answer = await call(saveNotificationSettingsCall, { off })
  const uid = useAuthStore.getState().member?.uid
  if (uid) await writeNotificationSettings(localDb(), uid, answer.off, { stillTheirs: () => isConfirmed(uid) })
  return answer.off
}

// The member this device knew is not the one signed in: what was under way for them is forgotten.
onMemberReplaced((uid) => {
  forgetUnread(uid)
  for (const key of Object.keys(useRefreshStore.getState())) {
    if (key.startsWith(`${uid}/`)) useRefreshStore.setState({ [key]: undefined })
  }
})
