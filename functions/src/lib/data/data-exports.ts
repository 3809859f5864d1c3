/**
 * data_exports/{uid}_{day}_{n}: the day's slots of the member's data exports (EXPORTS_PER_DAY). The
 * only module that names the collection (dev/lint/data-owners.test.mjs).
 */
import { dailySlots } from './daily-slots'

export const dataExports = dailySlots('data_exports')
