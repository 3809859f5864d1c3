/** What a member's connections see of them (nothing by default), and whether guests see their photo. */

import type { Sharing, saveSharingCall } from '@yaari/domain/after-night'
import { type MemberCall, sharingRef } from './store'

/** saveSharing: what the member's connections see (nothing by default), and whether guests see their photo. */
export const saveSharing: MemberCall<typeof saveSharingCall> = async (firestore, member, input, now) => {
  const sharing: Sharing = {
    contactKind: input.contactKind,
    contact: input.contactKind === 'none' ? '' : (input.contact ?? '').trim(),
    showPhoto: input.showPhoto,
  }
  await sharingRef(firestore, member.uid).set({ ...sharing, user_id: member.uid, updated_at: now })
  return { sharing }
}
