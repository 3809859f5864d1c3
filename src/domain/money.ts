/** Money is whole Indian rupees, shown with en-IN grouping: ₹1,299. */
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })

export function formatInr(rupees: number): string {
  return inr.format(rupees)
}
