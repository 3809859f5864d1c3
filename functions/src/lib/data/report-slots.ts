/**
 * report_slots/{uid}_{day}_{n}: the day's slots of the reports a member files about other guests
 * (REPORTS_PER_DAY). The only module that names the collection (dev/lint/data-owners.test.mjs).
 */
import { dailySlots } from './daily-slots'

export const reportSlots = dailySlots('report_slots')
