/** What a member's connections see of them (nothing by default), and whether guests see their photo. */

import type { Sharing, saveSharingCall } from '@yaari/domain/after-night'
import { nowOf } from '../../lib/context'
import { saveSharingRecord } from '../../lib/data/member-sharing'
import type { MemberCall } from './store'

/** saveSharing: what the member's connections see (nothing by default), and whether guests see their photo. */
export const saveSharing: MemberCall<typeof saveSharingCall> = async (context, member, input) => {
  const { firestore } = context
  const now = nowOf(context)
  const sharing: Sharing = {
    contactKind: input.contactKind,
    contact: input.contactKind === 'none' ? '' : (input.contact ?? '').trim(),
    showPhoto: input.showPhoto,
  }
  await saveSharingRecord(firestore, member.uid, sharing, now)
  return { sharing }
}
