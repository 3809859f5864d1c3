/**
 * A muted line saying how things stand while the real content is not there yet ("Loading your
 * ticket…", "Checking your access…"): a polite live region, so a screen reader says it once.
 */
import type { ReactNode } from 'react'
import { text } from 'styled-system/recipes'

export function StatusNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={text({ tone: 'muted' })}>
      {children}
    </p>
  )
}
