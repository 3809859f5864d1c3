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

/** The policy's tier when a member cancels `hoursBefore` hours before the start (none after it: 0 %). */
export function refundFor(hoursBefore: number): RefundTier {
  return REFUND_TIERS.find((tier) => hoursBefore >= tier.minHoursBefore) ?? (REFUND_TIERS.at(-1) as RefundTier)
}

/** When the exact venue is shared with booked members (24 hours before it starts). */
export const VENUE_SHARED_HOURS_BEFORE = 24

/**
 * What cancelling now gives back: the policy's tier for the hours left until the start (in IST),
 * as a share of what was paid, in whole rupees (a half rupee in the member's favour, as money is
 * shown everywhere). Undefined once the event has started.
 */
export function cancellationRefund(
  paid: number,
  startsAt: Date,
  now: Date,
): { hoursBefore: number; percent: number; amount: number; tier: RefundTier } | undefined {
  const hoursBefore = (startsAt.getTime() - now.getTime()) / 3_600_000
  if (hoursBefore <= 0) return undefined
  const tier = refundFor(hoursBefore)
  return { hoursBefore, percent: tier.percent, amount: Math.round((paid * tier.percent) / 100), tier }
}
