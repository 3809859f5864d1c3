/** A date's guest list as the CSV a host downloads. */
import type { GuestRow } from './views'

/** The guest list's columns, in the order the CSV has them. */
const GUEST_CSV_COLUMNS = [
  'Name',
  'Age',
  'Gender',
  'Tier',
  'Food preference',
  'Drinking preference',
  'Mobile',
  'Booked at',
  'State',
  'Order',
] as const

/** One CSV field: quoted when it needs to be, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | undefined): string {
  let text = value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function guestListCsv(guests: readonly GuestRow[]): string {
  const rows = guests.map((guest) =>
    [
      guest.name,
      guest.age,
      guest.gender,
      guest.tier,
      guest.foodPreference,
      guest.drinkingPreference,
      guest.mobile,
      guest.bookedAt,
      guest.state,
      guest.orderId,
    ].map(csvField),
  )
  return [GUEST_CSV_COLUMNS.map(csvField), ...rows].map((row) => row.join(',')).join('\r\n')
}
