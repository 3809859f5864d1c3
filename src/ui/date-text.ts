/**
 * A date typed as day, month and year ("15/08/1995"), as people in India write it: one box and
 * one tab stop, digits only (a phone's number pad has no "/"), the slashes put in as they type.
 */

/** "15/08/1995" from "1995-08-15"; anything that is not a whole ISO date gives "". */
export function textFromIso(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  return match ? `${match[3]}/${match[2]}/${match[1]}` : ''
}

/**
 * "1995-08-15" once day, month and year are all typed (an impossible day such as 31/02 too, so
 * that its check can say so); "" while the date is still being typed.
 */
export function isoFromText(text: string): string {
  const digits = text.replace(/\D/g, '')
  if (digits.length !== 8) return ''
  return `${digits.slice(4)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`
}

/** Up to eight digits shown as "DD/MM/YYYY", a slash only once a digit follows it. */
function withSlashes(digits: string): string {
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean)
  return parts.join('/')
}

/**
 * The digits of what was typed, pasted or filled in. A pasted "1995-08-15" (year first) is
 * 15/08/1995. A slash, dash, dot or space separates; other characters are dropped. With `closedParts`, a day or month the member closed with a separator is whole:
 * "1/8/1995" is 01/08/1995.
 */
function digitsOf(raw: string, closedParts: boolean): string {
  const parts = raw.replace(/[^\d/.\- ]/g, '').split(/[/.\- ]+/)
  const [year, month, day] = parts
  if (parts.length === 3 && year?.length === 4 && month !== undefined && day !== undefined) {
    return day.padStart(2, '0') + month.padStart(2, '0') + year
  }
  if (!closedParts) return parts.join('')
  return parts.map((part, index) => (index < 2 && index < parts.length - 1 ? part.padStart(2, '0') : part)).join('')
}

/**
 * What the box shows after an edit, and where the caret goes: after the same digits as it was.
 * `raw` is the box's value after the edit, `caret` the caret in it, `before` what it showed before.
 * Deleting a slash deletes the digit before it, as a person pressing Backspace there means. A
 * separator typed at the end closes the day or month; one typed in the middle is passed over.
 */
export function typedDate(raw: string, caret: number, before: string): { text: string; caret: number } {
  let digits = digitsOf(raw, caret >= raw.length)
  let digitsBeforeCaret = caret >= raw.length ? digits.length : raw.slice(0, caret).replace(/\D/g, '').length
  if (digits === before.replace(/\D/g, '') && raw.length < before.length && digitsBeforeCaret > 0) {
    digits = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret)
    digitsBeforeCaret -= 1
  }
  digits = digits.slice(0, 8)
  const text = withSlashes(digits)
  // Just after the same count of digits (a slash after them is passed over only if a digit follows).
  let position = 0
  for (let seen = 0; position < text.length && seen < digitsBeforeCaret; position += 1) {
    if (/\d/.test(text.charAt(position))) seen += 1
  }
  return { text, caret: position }
}
