/**
 * Where the editor's keyboard focus goes: to the first field with a problem each time problems are
 * shown, and back to the button that started an action once it ends (a disabled button drops focus).
 */
import { type RefObject, useEffect, useRef } from 'react'

/** Focus goes to the first field with a problem (in the form's order) each time problems are shown. */
export function useFocusFirstProblem(form: RefObject<HTMLFormElement | null>, times: number) {
  useEffect(() => {
    if (!times) return
    const first = form.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid] [data-part="table-cell-trigger"][tabindex="0"], [data-invalid] button, [data-invalid] input',
    )
    first?.focus()
    first?.scrollIntoView({ block: 'center' })
  }, [form, times])
}

/** Set `.current` to the element focused as an action starts: focus returns there when `busy` ends. */
export function useFocusBack(busy: unknown) {
  const focusAfter = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (busy || !focusAfter.current) return
    const back = focusAfter.current
    focusAfter.current = null
    if (back.isConnected && (document.activeElement === document.body || !document.activeElement)) back.focus()
  }, [busy])
  return focusAfter
}
