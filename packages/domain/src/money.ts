/**
 * Money is whole Indian rupees, shown with en-IN grouping: ₹1,299, ₹1,50,000.
 *
 * Written out rather than with Intl.NumberFormat: building a currency formatter loads ICU's
 * currency data, ~45 ms of a mid-range phone's main thread while the first page starts, for
 * a format this simple (the tests hold it to Intl's own output).
 */
export function formatInr(rupees: number): string {
  if (!Number.isFinite(rupees)) throw new Error(`Not an amount: ${rupees}`)
  const digits = String(Math.round(Math.abs(rupees)))
  // The last three digits, then groups of two: 1,50,000.
  const head = digits.slice(0, -3)
  const tail = digits.slice(-3)
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${tail}` : tail
  return `${rupees < 0 ? '-' : ''}₹${grouped}`
}
