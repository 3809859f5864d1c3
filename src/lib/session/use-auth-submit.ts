import { type FormEvent, useState } from 'react'
import { AUTH_MESSAGES, authErrorMessage } from './auth-errors'

/**
 * The submit cycle the account's forms (and the deletion dialog) share: check the input, refuse plainly when offline, run the
 * action with a busy state, and turn any failure into the message members read. What was typed is
 * never cleared on an error.
 */
export function useAuthSubmit(
  invalid: () => string | undefined,
  action: () => Promise<void>,
  offlineMessage: string = AUTH_MESSAGES.offline,
  describe: (error: unknown) => string = authErrorMessage,
) {
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = invalid() ?? (navigator.onLine ? undefined : offlineMessage)
    if (problem) return setError(problem)
    setBusy(true)
    setError(undefined)
    try {
      await action()
    } catch (caught) {
      const message = describe(caught)
      setError(message === AUTH_MESSAGES.offline ? offlineMessage : message)
    } finally {
      setBusy(false)
    }
  }
  return { error, busy, onSubmit }
}
