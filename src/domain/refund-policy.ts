/**
 * The refund policy: one module, shown on the event, help, privacy and terms pages.
 * The Terms of Service's wording is the policy; every other page that states it follows it.
 */

export interface RefundTier {
  /** Applies when the event starts at least this many hours after cancellation. */
  minHoursBefore: number
  percent: number
  label: string
}

export const REFUND_TIERS: readonly RefundTier[] = [
  { minHoursBefore: 48, percent: 100, label: '48 hours or more before the event: full refund' },
  { minHoursBefore: 24, percent: 50, label: '24 to 48 hours before the event: 50% refund' },
  { minHoursBefore: 0, percent: 0, label: 'Less than 24 hours before the event: no refund' },
]

/** How long a refund takes to reach the member's original payment method. */
export const REFUND_DAYS = '5-7 business days'

export const REFUND_POLICY = {
  tiers: REFUND_TIERS,
  cancelledByUs: 'If we cancel an event, you get a full refund or credit for a future event.',
  processing: `Refunds reach your original payment method within ${REFUND_DAYS}.`,
} as const

/** The percentage refunded when a member cancels `hoursBefore` hours before the start. */
export function refundFor(hoursBefore: number): number {
  for (const tier of REFUND_TIERS) if (hoursBefore >= tier.minHoursBefore) return tier.percent
  return 0
}

/** When the exact venue is shared with booked members (24 hours before it starts). */
export const VENUE_SHARED_HOURS_BEFORE = 24
