import { type ReactNode, type Ref, useCallback, useLayoutEffect, useRef, useState } from 'react'
import { isoFromText, textFromIso, typedDate } from './date-text'
import { TextField } from './field'

export interface DateFieldProps {
  label: ReactNode
  /** "1995-08-15", or "" while no whole date has been typed. */
  value: string
  onChange: (iso: string) => void
  onBlur?: () => void
  error?: string
  required?: boolean
  autoComplete?: string
  ref?: Ref<HTMLInputElement>
}

/**
 * A date typed as DD/MM/YYYY in one box: one tab stop and the phone's number pad, where the
 * browser's date input takes a stop for each of day, month, year and its calendar button. Its
 * value is an ISO date once the whole date is typed and "" until then, as a date input's is.
 */
export function DateField({ label, value, onChange, onBlur, error, required, autoComplete, ref }: DateFieldProps) {
  const [text, setText] = useState(() => textFromIso(value))
  // A value set from outside (a draft restored, a profile loaded) is shown; the member's own
  // half-typed date is kept while the value it stands for has not changed.
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    setShown(value)
    if (value !== isoFromText(text)) setText(textFromIso(value))
  }
  const input = useRef<HTMLInputElement | null>(null)
  const caret = useRef<number | null>(null)
  useLayoutEffect(() => {
    if (caret.current === null || document.activeElement !== input.current) return
    input.current?.setSelectionRange(caret.current, caret.current)
    caret.current = null
  })
  // One ref function for the life of the field (a new one each render would detach and attach again).
  const outer = useRef(ref)
  outer.current = ref
  const attach = useCallback((element: HTMLInputElement | null) => {
    input.current = element
    const target = outer.current
    if (typeof target === 'function') target(element)
    else if (target) target.current = element
  }, [])

  return (
    <TextField
      ref={attach}
      label={label}
      inputMode="numeric"
      autoComplete={autoComplete}
      placeholder="DD/MM/YYYY"
      hint="Day, month and year, e.g. 15/08/1995"
      required={required}
      value={text}
      onChange={(event) => {
        const box = event.target
        const forward = (event.nativeEvent as InputEvent).inputType === 'deleteContentForward'
        const next = typedDate(box.value, box.selectionStart ?? box.value.length, text, { forward })
        if (next.text === text) {
          // Nothing to show (a letter, a ninth digit): the box as it was, the caret where it went.
          box.value = text
          box.setSelectionRange(next.caret, next.caret)
          return
        }
        caret.current = next.caret
        setText(next.text)
        const iso = isoFromText(next.text)
        setShown(iso)
        if (iso !== value) onChange(iso)
      }}
      onBlur={() => {
        // A whole date typed with a one-digit day or month ("5/8/1995") reads back as 05/08/1995.
        if (value) setText(textFromIso(value))
        onBlur?.()
      }}
      error={error}
    />
  )
}
