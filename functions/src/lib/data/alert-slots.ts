/**
 * alert_slots/{uid}_{hour}_{n}: the slots of the alerts a member raises in an hour (IST's clock
 * hour; ALERTS_PER_HOUR), so alerts sent at once cannot pass the limit together. The only module
 * that names the collection (dev/lint/data-owners.test.mjs).
 */
import { dailySlots } from './daily-slots'

export const alertSlots = dailySlots('alert_slots', 'hour')
