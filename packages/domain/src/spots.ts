/** How a date's seats read; honest while loading or offline (capacity, not a guess). */
export function spotsText(spotsLeft: number | undefined, capacity: number): string {
  if (spotsLeft === undefined) return `Up to ${capacity} guests`
  if (spotsLeft === 0) return 'Sold out'
  return spotsLeft === 1 ? '1 spot left' : `${spotsLeft} spots left`
}
