import { text } from 'styled-system/recipes'

/** Why the last action on these pages did not go through, read out as it appears; nothing when it did. */
export function ErrorLine({ error }: { error: string | undefined }) {
  return error ? (
    <p role="alert" className={text({ tone: 'error' })}>
      {error}
    </p>
  ) : null
}
