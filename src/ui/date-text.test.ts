import { expect, it } from 'vitest'
import { isoFromText, textFromIso, typedDate } from './date-text'

/** Types each key at the end of the box, as a member does, and returns what it shows. */
function typeAll(keys: string, start = ''): string {
  let shown = start
  for (const key of keys) {
    const raw = shown + key
    shown = typedDate(raw, raw.length, shown).text
  }
  return shown
}

it('puts the slashes in as digits are typed, never one with nothing after it', () => {
  expect(typeAll('15')).toBe('15')
  expect(typeAll('150')).toBe('15/0')
  expect(typeAll('15081995')).toBe('15/08/1995')
  expect(typeAll('150819951')).toBe('15/08/1995')
  expect(typeAll('1a5')).toBe('15')
})

it('reads a separator typed after one digit as closing the day or month', () => {
  expect(typeAll('1/8/1995')).toBe('01/08/1995')
  expect(typeAll('1-8-1995')).toBe('01/08/1995')
})

it('reads a pasted or filled date, day first or year first', () => {
  expect(typedDate('15/08/1995', 10, '').text).toBe('15/08/1995')
  expect(typedDate('1995-08-15', 10, '').text).toBe('15/08/1995')
  expect(typedDate('1995-8-5', 8, '15/08/1995').text).toBe('05/08/1995')
  expect(typedDate('5.8.1995', 8, '').text).toBe('05/08/1995')
})

it('deletes the digit before a slash when Backspace deletes the slash, and keeps the caret there', () => {
  // "15/|08" with Backspace: the box holds "1508", the caret after "15".
  expect(typedDate('1508', 2, '15/08')).toEqual({ text: '10/8', caret: 1 })
  // Backspace at the end takes the last digit, and the slash before it goes too.
  expect(typedDate('15/', 3, '15/0')).toEqual({ text: '15', caret: 2 })
})

it('edits the day, month or year alone inside a whole date: the others stay where they are', () => {
  // "15/0|8/1995" typing 9: the month is 09, the year untouched.
  expect(typedDate('15/098/1995', 5, '15/08/1995')).toEqual({ text: '15/09/1995', caret: 5 })
  // A digit typed into a full day takes the place of the next: "1|5" typing 9 is 19.
  expect(typedDate('195/08/1995', 2, '15/08/1995')).toEqual({ text: '19/08/1995', caret: 2 })
  expect(typedDate('215/08/1995', 1, '15/08/1995')).toEqual({ text: '25/08/1995', caret: 1 })
  // In the year too: "19|95" typing 8 is 1985.
  expect(typedDate('15/08/19895', 9, '15/08/1995')).toEqual({ text: '15/08/1985', caret: 9 })
  // The month's 0 deleted: 15/8/1995, the year where it was (not 15/81/995), and a whole date.
  expect(typedDate('15/8/1995', 3, '15/08/1995')).toEqual({ text: '15/8/1995', caret: 3 })
  expect(isoFromText('15/8/1995')).toBe('1995-08-15')
})

it('Backspace over a slash inside a whole date deletes the digit before it, Delete the digit after it', () => {
  // "15/|08/1995" Backspace: the box holds "1508/1995".
  expect(typedDate('1508/1995', 2, '15/08/1995')).toEqual({ text: '1/08/1995', caret: 1 })
  // "15|/08/1995" Delete: the same box, the caret where it was.
  expect(typedDate('1508/1995', 2, '15/08/1995', { forward: true })).toEqual({ text: '15/8/1995', caret: 3 })
})

it('drops a separator before any digit, as a paste with a space in front brings', () => {
  expect(typedDate(' 15/08/1995', 11, '').text).toBe('15/08/1995')
  expect(typeAll('/1')).toBe('1')
})

it('gives an ISO date only once the whole date is typed, impossible days included', () => {
  expect(isoFromText('15/08/1995')).toBe('1995-08-15')
  expect(isoFromText('31/02/1995')).toBe('1995-02-31')
  expect(isoFromText('15/08/199')).toBe('')
  expect(isoFromText('')).toBe('')
  expect(textFromIso('1995-08-15')).toBe('15/08/1995')
  expect(textFromIso('1995-08')).toBe('')
})
