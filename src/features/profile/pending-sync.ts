/**
 * Sends a profile that was completed offline as soon as the connection returns, from
 * whichever page the member is on. The root layout loads this module only while
 * PENDING_SYNC_KEY is set, so public pages stay free of Firebase and Dexie otherwise.
 */

import { tiersFor } from '@yaari/domain/catalogue'
import type { SaveProfileRequest } from '@yaari/domain/profile'
import { saveProfileCall } from '@yaari/domain/profile'
import { call } from '../../lib/call'
import { localDb } from '../../lib/db'
import { useAuthStore, watchAuth } from '../../lib/session/auth-store'
import { rememberPriceTiers } from '../../lib/session/price-tiers'
import { showToast } from '../../ui/toast'
import { uploadPhoto } from './photo'
import { type SyncDeps, syncOutbox } from './profile-sync'
import { ONBOARDING_MESSAGES } from './steps'

export const liveSyncDeps: SyncDeps = {
  saveProfile: async (payload: SaveProfileRequest) => {
    const saved = await call(saveProfileCall, payload, { timeoutMs: 0 })
    rememberPriceTiers(tiersFor(payload.gender)) // the prices this member is offered from now on
    return saved
  },
  uploadPhoto,
  isOnline: () => navigator.onLine,
}

const RETRY_MS = 15_000
let started = false

export function startPendingSync(): void {
  if (started) return
  started = true
  let running = false
  let timer: ReturnType<typeof setTimeout> | undefined

  const attempt = async () => {
    if (running) return
    running = true
    clearTimeout(timer)
    try {
      await watchAuth()
      const uid = useAuthStore.getState().member?.uid
      if (!uid) return
      const result = await syncOutbox(localDb(), uid, liveSyncDeps)
      if (result.kind === 'synced') {
        void showToast({
          title: ONBOARDING_MESSAGES.created,
          description: 'You’re back online, so we sent the profile you completed offline.',
          type: 'success',
        })
      } else if (result.kind === 'refused') {
        void showToast({
          title: ONBOARDING_MESSAGES.failedTitle,
          description: `${ONBOARDING_MESSAGES.failedBody} ${result.reason}`,
          type: 'error',
        })
      } else if (result.kind === 'retry-later' && navigator.onLine) {
        timer = setTimeout(() => void attempt(), RETRY_MS)
      }
    } finally {
      running = false
    }
  }

  window.addEventListener('online', () => void attempt())
  void attempt()
}
