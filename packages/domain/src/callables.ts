/**
 * Every callable function, for the functions' registration check and the tests that try each
 * one. The app imports a contract from its own module (availability, booking, profile), never
 * this list, so no page loads the others' schemas.
 */
import { deleteMyAccountCall, exportMyDataCall } from './account'
import { AFTER_NIGHT_CALLABLES } from './after-night'
import { getAvailabilityCall } from './availability'
import { cancelBookingCall, createBookingCall, getBookingCall } from './booking'
import { CATALOGUE_CALLABLES } from './catalogue-editor'
import { DOOR_CALLABLES } from './door'
import { GROUP_CALLABLES } from './groups'
import { HELP_CALLABLES } from './help'
import { HOST_CALLABLES } from './host'
import { INSIGHT_CALLABLES } from './insights'
import { listMyBookingsCall } from './my-bookings'
import { NOTIFICATION_CALLABLES } from './notifications'
import { PHONE_CALLABLES } from './phone'
import { getMyProfileCall, saveProfileCall, uploadProfilePhotoCall } from './profile'
import { joinWaitlistCall, leaveWaitlistCall } from './waitlist'

export const CALLABLES = [
  getAvailabilityCall,
  saveProfileCall,
  getMyProfileCall,
  uploadProfilePhotoCall,
  createBookingCall,
  getBookingCall,
  listMyBookingsCall,
  cancelBookingCall,
  joinWaitlistCall,
  leaveWaitlistCall,
  exportMyDataCall,
  deleteMyAccountCall,
  ...HOST_CALLABLES,
  ...GROUP_CALLABLES,
  ...DOOR_CALLABLES,
  ...CATALOGUE_CALLABLES,
  ...AFTER_NIGHT_CALLABLES,
  ...NOTIFICATION_CALLABLES,
  ...INSIGHT_CALLABLES,
  ...PHONE_CALLABLES,
  ...HELP_CALLABLES,
] as const
