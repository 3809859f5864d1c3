/**
 * A server answer a console page shows: asked for by the route's loader (host-loaders.ts), kept in
 * the page's state once it comes, and asked again when the page reloads it.
 */
import { useCallback, useEffect, useState } from 'react'
import { hostMessage } from './host-words'

/** What the server answered, or what went wrong in words (a reload that fails keeps what was shown). */
export interface Answer<T> {
  value?: T
  error?: string
}

/**
 * The loader's answer once it comes (undefined until then), and `reload(ask)`: the new answer when
 * it comes, what was shown with the reason when it fails.
 */
export function useAnswer<T>(asked: Promise<Answer<T> | undefined>) {
  const [answer, setAnswer] = useState<Answer<T>>()
  useEffect(() => {
    let live = true
    void asked.then((first) => {
      if (live && first) setAnswer(first)
    })
    return () => {
      live = false
    }
  }, [asked])
  const reload = useCallback(
    (ask: Promise<T>) =>
      ask.then(
        (value) => setAnswer({ value }),
        (error: unknown) => setAnswer((shown) => ({ ...shown, error: hostMessage(error) })),
      ),
    [],
  )
  return { answer, setAnswer, reload }
}
