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
 * that its check can say so); "" while the date is still being typed. A day or month of one digit
 * between slashes ("5/8/1995") is whole.
 */
export function isoFromText(text: string): string {
  const parts = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)
  if (parts) return `${parts[3]}-${parts[2]?.padStart(2, '0')}-${parts[1]?.padStart(2, '0')}`
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
 * 15/08/1995. A slash, dash, dot or space separates (one before any digit is dropped, as are other
 * characters). With `closedParts`, a day or month the member closed with a separator is whole:
 * "1/8/1995" is 01/08/1995.
 */
function digitsOf(raw: string, closedParts: boolean): string {
  const parts = raw
    .replace(/[^\d/.\- ]/g, '')
    .replace(/^[/.\- ]+/, '')
    .split(/[/.\- ]+/)
  const [year, month, day] = parts
  if (parts.length === 3 && year?.length === 4 && month !== undefined && day !== undefined) {
    return day.padStart(2, '0') + month.padStart(2, '0') + year
  }
  if (!closedParts) return parts.join('')
  return parts.map((part, index) => (index < 2 && index < parts.length - 1 ? part.padStart(2, '0') : part)).join('')
}

/**
 * What the box shows after an edit, and where the caret goes. `raw` is the box's value after the
 * edit, `caret` the caret in it, `before` what it showed before; `forward` for the Delete key.
 * - At the end (typing, a paste or a fill): the digits, slashes put in; a separator typed there
 *   closes the day or month ("1/" is 01).
 * - Inside the date, its slashes still there: the day, month or year being edited changes alone
 *   (a digit typed into a full one takes the place of the next), so the others stay where they are.
 * - Backspace over a slash deletes the digit before it (Delete, the digit after it); the slash stays.
 */
export function typedDate(
  raw: string,
  caret: number,
  before: string,
  { forward = false }: { forward?: boolean } = {},
): { text: string; caret: number } {
  const atEnd = caret >= raw.length
  const rawDigits = raw.replace(/\D/g, '')
  const beforeDigits = before.replace(/\D/g, '')
  if (!atEnd) {
    const parts = raw.replace(/[^\d/.\- ]/g, '').split(/[/.\- ]/)
    if (parts.length === 3) {
      // A digit typed into a full day, month or year takes the place of the one after it.
      let start = 0
      const kept = parts.map((part, index) => {
        const room = index === 2 ? 4 : 2
        const at = caret - start
        start += part.length + 1
        if (part.length <= room) return part
        return at > 0 && at < part.length ? part.slice(0, at) + part.slice(at + 1) : part.slice(0, room)
      })
      const text = kept.join('/')
      return { text, caret: Math.min(caret, text.length) }
    }
    const slashDeleted = parts.length === 2 && rawDigits === beforeDigits && raw.length === before.length - 1
    if (slashDeleted && !/\d/.test(before.charAt(caret))) {
      if (forward && /\d/.test(before.charAt(caret + 1))) {
        return { text: before.slice(0, caret + 1) + before.slice(caret + 2), caret: caret + 1 }
      }
      if (!forward && caret > 0) return { text: before.slice(0, caret - 1) + before.slice(caret), caret: caret - 1 }
    }
  }
  let digits = digitsOf(raw, atEnd)
  let digitsBeforeCaret = atEnd ? digits.length : raw.slice(0, caret).replace(/\D/g, '').length
  if (digits === beforeDigits && raw.length < before.length && digitsBeforeCaret > 0) {
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
