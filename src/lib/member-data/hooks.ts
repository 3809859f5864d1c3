/**
 * The member's data as screens read it: from the device's database (Dexie liveQuery), for the
 * member the device knows from the first frame, with a refresh from the server started behind
 * it (when the page opens, when the connection returns, when the app comes back to the front).
 * Whatever the screen shows belongs to the member signed in now: data read for anyone else is
 * never returned, not even for one render while the new member's read is under way.
 */

import type { BookingView } from '@yaari/domain/booking'
import type { UserProfileRecord } from '@yaari/domain/profile'
import type { WaitlistView } from '@yaari/domain/waitlist'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { localDb } from '../db'
import { useAuthStore, watchAuth } from '../session/auth-store'
import {
  type MemberDataKind,
  type MobileStatus,
  type MyNotifications,
  readBooking,
  readBookings,
  readMobileStatus,
  readNotifications,
  readProfile,
  readWaitlist,
  refreshedAt,
} from './records'
import { type RefreshState, refreshStateKey, useRefreshStore } from './refresh-state'

/** The code that asks the server loads after the device's data is on screen. */
const startRefresh = (kind: MemberDataKind) => void import('./refresh').then((module) => module.refreshMemberData(kind))

/** Some of one member's data, as read from this device, and when the server last filled it. */
export interface Snapshot<T> {
  uid: string
  data: T
  /** When the server's answer was written (ms); undefined: never on this device. */
  refreshedAt: number | undefined
}

export type MemberData<T> =
  /** Nobody is signed in on this device. */
  | { status: 'signed-out' }
  /** No member known on this device yet, and Firebase Auth has not answered. */
  | { status: 'unknown' }
  | {
      status: 'signed-in'
      uid: string
      /** Firebase Auth has confirmed the member in this page (writes wait for it). */
      verified: boolean
      /** Undefined only while the device's database is being read. */
      snapshot: Snapshot<T> | undefined
      refresh: RefreshState | undefined
    }

/** Keeps this kind of the member's data fresh while a screen shows it. */
function useRefreshWhileShown(kind: MemberDataKind, uid: string | undefined) {
  // Firebase Auth (loaded now, after the first render) confirms or replaces the member.
  useEffect(() => void watchAuth(), [])
  useEffect(() => {
    if (!uid) return
    startRefresh(kind)
    const again = () => {
      if (document.visibilityState === 'visible') startRefresh(kind)
    }
    window.addEventListener('online', again)
    document.addEventListener('visibilitychange', again)
    return () => {
      window.removeEventListener('online', again)
      document.removeEventListener('visibilitychange', again)
    }
  }, [kind, uid])
}

function useMemberData<T>(
  kind: MemberDataKind,
  read: (uid: string) => Promise<T>,
  /** What a route's loader already read, shown from the first render if it is this member's. */
  initial: Snapshot<T> | null | undefined,
  deps: readonly unknown[] = [],
): MemberData<T> {
  const { status, member, verified } = useAuthStore()
  const uid = member?.uid
  useRefreshWhileShown(kind, uid)
  const read$ = useLiveQuery(
    async (): Promise<Snapshot<T> | null> =>
      uid ? { uid, data: await read(uid), refreshedAt: await refreshedAt(localDb(), uid, kind) } : null,
    [uid, kind, ...deps],
    initial && initial.uid === uid ? initial : undefined,
  )
  const refresh = useRefreshStore((state) => (uid ? state[refreshStateKey(uid, kind)] : undefined))
  if (status === 'signed-out') return { status }
  if (!uid) return { status: 'unknown' }
  // Only this member's: a read made for the member before is never shown for this one.
  const snapshot = read$ && read$.uid === uid ? read$ : undefined
  return { status: 'signed-in', uid, verified, snapshot, refresh }
}

export interface MyBookings {
  bookings: BookingView[]
  waitlist: WaitlistView[]
}

const readMyBookings = async (uid: string): Promise<MyBookings> => ({
  bookings: await readBookings(localDb(), uid),
  waitlist: await readWaitlist(localDb(), uid),
})

/** The signed-in member's bookings and waitlist places. */
export function useMyBookings(initial?: Snapshot<MyBookings> | null): MemberData<MyBookings> {
  return useMemberData('bookings', readMyBookings, initial)
}

/** One of the member's bookings (undefined: not on this device). */
export function useMyBooking(
  orderId: string,
  initial?: Snapshot<BookingView | undefined> | null,
): MemberData<BookingView | undefined> {
  return useMemberData('bookings', (uid) => readBooking(localDb(), uid, orderId), initial, [orderId])
}

/** The member's profile: the record, null when they have none yet, undefined when this device has none. */
export function useMyProfile(
  initial?: Snapshot<UserProfileRecord | null | undefined> | null,
): MemberData<UserProfileRecord | null | undefined> {
  return useMemberData('profile', (uid) => readProfile(localDb(), uid), initial)
}

/** Whether the member's mobile is verified, as the device last heard (undefined: not heard yet). */
export function useMobileStatus(): MemberData<MobileStatus | undefined> {
  return useMemberData('profile', (uid) => readMobileStatus(localDb(), uid), undefined)
}

/** The member's notifications, newest first, and the kinds they turned off (undefined: none on this device yet). */
export function useMyNotifications(
  initial?: Snapshot<MyNotifications | undefined> | null,
): MemberData<MyNotifications | undefined> {
  return useMemberData('notices', (uid) => readNotifications(localDb(), uid), initial)
}

/**
 * For a route's loader: what this device holds for the member it knows, read before the page
 * renders (no network; at most `waitMs`, after which the page renders and reads it itself).
 */
async function loadSnapshot<T>(
  kind: MemberDataKind,
  read: (uid: string) => Promise<T>,
  waitMs = 800,
): Promise<Snapshot<T> | null> {
  const uid = useAuthStore.getState().member?.uid
  if (!uid) return null
  const snapshot = (async () => ({
    uid,
    data: await read(uid),
    refreshedAt: await refreshedAt(localDb(), uid, kind),
  }))()
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs))
  return Promise.race([snapshot, late]).catch(() => null)
}

export const loadMyBookings = () => loadSnapshot('bookings', readMyBookings)
export const loadMyBooking = (orderId: string) =>
  loadSnapshot('bookings', (uid) => readBooking(localDb(), uid, orderId))
export const loadMyProfile = () => loadSnapshot('profile', (uid) => readProfile(localDb(), uid))
export const loadMyNotifications = () => loadSnapshot('notices', (uid) => readNotifications(localDb(), uid))
