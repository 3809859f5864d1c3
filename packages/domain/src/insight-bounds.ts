/**
 * The days an insights period may start and end on: Yaari's first evenings to the end of the
 * century. A year outside them is a typing slip, not a plan, and the page's date inputs never offer
 * one. Its own module, so the console's address check reads it without the insights schemas.
 */
export const INSIGHT_DATE_BOUNDS = { min: '2024-01-01', max: '2099-12-31' } as const
