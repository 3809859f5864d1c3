/**
 * photo_uploads/{uid}_{day}_{n}: the day's slots of the member's profile photo uploads
 * (PHOTO_UPLOADS_PER_DAY). The only module that names the collection (dev/lint/data-owners.test.mjs).
 */
import { dailySlots } from './daily-slots'

export const photoUploads = dailySlots('photo_uploads')
