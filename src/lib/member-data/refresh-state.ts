/**
 * Where each refresh of the member's data stands in this page (refresh.ts writes it, screens
 * read it): kept apart from the refresh itself so a screen shows the device's data without
 * loading the code that talks to the server first.
 */
import { create } from 'zustand'
import type { MemberDataKind } from './records'

export type RefreshState =
  | { status: 'refreshing' }
  | { status: 'done' }
  | { status: 'failed'; code: string | number | undefined; offline: boolean }

export const useRefreshStore = create<Record<string, RefreshState | undefined>>(() => ({}))

export const refreshStateKey = (uid: string, kind: MemberDataKind) => `${uid}/${kind}`
