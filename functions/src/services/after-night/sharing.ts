/** What a member's connections see of them (nothing by default), and whether guests see their photo. */

import type { Sharing, saveSharingCall } from '@yaari/domain/after-night'
import type { RequestOf } from '@yaari/domain/callable'
import type { Firestore } from 'firebase-admin/firestore'
import { type Member, sharingRef } from './store'

/** saveSharing: what the member's connections see (nothing by default), and whether guests see their photo. */
export async function saveSharing(
  firestore: Firestore,
  member: Member,
  input: RequestOf<typeof saveSharingCall>,
  now: number,
): Promise<{ sharing: Sharing }> {
  const sharing: Sharing = {
    contactKind: input.contactKind,
    contact: input.contactKind === 'none' ? '' : (input.contact ?? '').trim(),
    showPhoto: input.showPhoto,
  }
  await sharingRef(firestore, member.uid).set({ ...sharing, user_id: member.uid, updated_at: now })
  return { sharing }
}
