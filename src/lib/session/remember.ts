/** Writes what member-hint.ts reads: the member this device knows (forgetting them forgets their prices). */
import { emitMemberHint, type KnownMember, MEMBER_KEY } from './member-hint'
import { TIERS_KEY } from './price-tiers'

export function rememberMember(member: KnownMember | null): void {
  try {
    if (member) {
      const { uid, name, email, host } = member
      localStorage.setItem(MEMBER_KEY, JSON.stringify({ uid, name, email, ...(host ? { host } : {}) }))
    } else {
      localStorage.removeItem(MEMBER_KEY)
      localStorage.removeItem(TIERS_KEY)
    }
  } catch {
    // Storage blocked (private mode): pages wait for Firebase Auth, which still works.
  }
  emitMemberHint()
}
