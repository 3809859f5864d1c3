/**
 * The member's profile kept on the device (Dexie), refreshed whenever the profile page loads it
 * online: the page opens offline with it, and says that changes wait for a connection.
 */
import * as v from 'valibot'
import type { UserProfileRecord } from '../../domain/profile'
import type { YaariDb } from '../../lib/db'
import { logWarning } from '../../lib/log'

const profileRecordSchema = v.object({
  user_id: v.string(),
  name: v.string(),
  email: v.string(),
  mobile: v.string(),
  date_of_birth: v.string(),
  gender: v.string(),
  profession: v.string(),
  food_preference: v.string(),
  drinking_preference: v.string(),
  personality_type: v.string(),
  relationship_status: v.string(),
  venue_preferences: v.array(v.string()),
  interests: v.string(),
  location: v.string(),
  bio: v.string(),
  profile_picture_url: v.nullable(v.string()),
})

export async function saveProfileCopy(db: YaariDb, uid: string, profile: UserProfileRecord, now = Date.now()) {
  await db.profiles.put({ uid, profile, savedAt: now })
}

/** The copy on this device and when it was saved; a copy that no longer fits is logged and dropped. */
export async function savedProfile(
  db: YaariDb,
  uid: string,
): Promise<{ profile: UserProfileRecord; savedAt: number } | undefined> {
  const row = await db.profiles.get(uid)
  if (!row) return undefined
  const parsed = v.safeParse(profileRecordSchema, row.profile)
  if (parsed.success) return { profile: parsed.output, savedAt: row.savedAt }
  logWarning('saved-profile-corrupt', { uid })
  return undefined
}
