/**
 * The one way the app calls the server and says what went wrong.
 *
 * `call(contract, data, options)` loads the Firebase SDK with the first call (never with a page),
 * attaches the member's token and gives up after `timeoutMs` (20 s by default) so a venue's hanging
 * line never leaves a button spinning for the SDK's 70 s.
 *
 * `spokenMessage(error, words)` is the sentence a person reads: the server's own words where it
 * refused something the person can act on (its messages are written for them), what to do when
 * the line is down or too slow, and a plain apology for anything else. `words` gives each screen's
 * own sentences for those cases, and any code's sentence of its own.
 *
 * `useAction(run, words)` is a button's busy and error state: refused at once when the device is
 * offline, busy while it runs, the spoken message when it fails.
 */
import type { CallableContract, RequestOf, ResponseOf } from '@yaari/domain/callable'
import { errorCode } from '@yaari/domain/error-code'
import { useCallback, useRef, useState } from 'react'

/** How long a change waits for the server before it says it could not reach it. */
export const CALL_TIMEOUT_MS = 20_000

export interface CallOptions {
  /**
   * Gives up after this long with `functions/deadline-exceeded` (default 20 s). 0 waits as long as
   * the SDK does (70 s), for work the server may take long over (a payment order, a photo, an export).
   */
  timeoutMs?: number
}

/** Calls a callable function through its contract. */
export async function call<C extends CallableContract>(
  contract: C,
  data: RequestOf<C>,
  { timeoutMs = CALL_TIMEOUT_MS }: CallOptions = {},
): Promise<ResponseOf<C>> {
  const { callFunction } = await import('./firebase')
  return callFunction(contract, data, { timeoutMs })
}

/** Refusals whose reason the server writes for the person who asked. */
const REFUSALS = [
  'functions/invalid-argument',
  'functions/failed-precondition',
  'functions/permission-denied',
  'functions/not-found',
  'functions/already-exists',
  'functions/resource-exhausted',
  'functions/aborted',
] as const
type Refusal = (typeof REFUSALS)[number]

/** Failures that mean the server could not be reached in time. */
const UNREACHED = new Set(['functions/unavailable', 'functions/deadline-exceeded'])

export const UNEXPECTED = 'Something went wrong. Please try again.'

export interface SpokenWords {
  /** What to say when the device is offline or the server could not be reached in time. */
  offline: string
  /** What to say for anything else (default: "Something went wrong. Please try again."). */
  unexpected?: string
  /** The refusals whose server message is read out (default: all of them). */
  speaks?: readonly Refusal[]
  /** A sentence of this screen's own for a code, in place of all the above. */
  byCode?: Readonly<Record<string, string | ((error: unknown) => string)>>
}

/** The sentence a person reads when a call fails. */
export function spokenMessage(error: unknown, words: SpokenWords): string {
  const code = errorCode(error)
  const own = typeof code === 'string' ? words.byCode?.[code] : undefined
  if (own !== undefined) return typeof own === 'function' ? own(error) : own
  if (!navigator.onLine || (typeof code === 'string' && UNREACHED.has(code))) return words.offline
  const message = (error as { message?: unknown } | null | undefined)?.message
  const speaks: readonly string[] = words.speaks ?? REFUSALS
  if (typeof code === 'string' && speaks.includes(code) && typeof message === 'string' && message) return message
  return words.unexpected ?? UNEXPECTED
}

export interface Action<A extends unknown[], R> {
  busy: boolean
  error: string | undefined
  /** Runs the action; resolves to its result, or undefined when it was refused or failed. */
  run: (...args: A) => Promise<R | undefined>
  /** Shows a message of the screen's own (a check before calling), or clears it. */
  setError: (error: string | undefined) => void
}

/**
 * A button's action: refused with `words.offline` when the device is offline, busy while it runs
 * (a second tap meanwhile does nothing), the spoken message when it fails.
 */
export function useAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  words: SpokenWords,
  /** Told each time the action fails or is refused, the same message again included (a page-level notice). */
  onError?: (message: string) => void,
): Action<A, R> {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const running = useRef(false)
  const latest = useRef({ action, words, onError })
  latest.current = { action, words, onError }
  const fail = useCallback((message: string) => {
    setError(message)
    latest.current.onError?.(message)
  }, [])
  const run = useCallback(
    async (...args: A) => {
      if (running.current) return undefined
      if (!navigator.onLine) {
        fail(latest.current.words.offline)
        return undefined
      }
      running.current = true
      setBusy(true)
      setError(undefined)
      try {
        return await latest.current.action(...args)
      } catch (caught) {
        fail(spokenMessage(caught, latest.current.words))
        return undefined
      } finally {
        running.current = false
        setBusy(false)
      }
    },
    [fail],
  )
  return { busy, error, run, setError }
}
