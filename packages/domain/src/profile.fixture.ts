/** Test data: a complete, valid profile as a member sends it to saveProfile (unit and integration tests). */
import * as v from 'valibot'
import { type SaveProfileRequest, saveProfileSchema, toProfileRecord } from './profile'

export const VALID_PROFILE: SaveProfileRequest = {
  mobile: '9876543210',
  name: 'Asha Rao',
  dateOfBirth: '1995-06-15',
  gender: 'female',
  interests: ['brunch'],
  location: 'koramangala',
}

/**
 * The profile document saveProfile stores for a member who sent VALID_PROFILE (with `overrides`):
 * what the tests, the drill and the bench write for members made without the app.
 */
export const storedProfileOf = (uid: string, email: string, overrides: Partial<SaveProfileRequest> = {}) =>
  toProfileRecord(uid, email, v.parse(saveProfileSchema, { ...VALID_PROFILE, ...overrides }))
