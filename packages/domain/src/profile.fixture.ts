/** Test data: a complete, valid profile as a member sends it to saveProfile (unit and integration tests). */
import type { SaveProfileRequest } from './profile'

export const VALID_PROFILE: SaveProfileRequest = {
  mobile: '9876543210',
  name: 'Asha Rao',
  dateOfBirth: '1995-06-15',
  gender: 'female',
  interests: ['brunch'],
  location: 'koramangala',
}
