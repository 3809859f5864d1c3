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

it('keeps the caret after the same digits when a digit is typed in the middle', () => {
  // "15/0|8/1995" typing 9: the date reflows, the caret stays after the 9.
  expect(typedDate('15/098/1995', 5, '15/08/1995')).toEqual({ text: '15/09/8199', caret: 5 })
})

it('gives an ISO date only once the whole date is typed, impossible days included', () => {
  expect(isoFromText('15/08/1995')).toBe('1995-08-15')
  expect(isoFromText('31/02/1995')).toBe('1995-02-31')
  expect(isoFromText('15/08/199')).toBe('')
  expect(isoFromText('')).toBe('')
  expect(textFromIso('1995-08-15')).toBe('15/08/1995')
  expect(textFromIso('1995-08')).toBe('')
})
