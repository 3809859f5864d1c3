/** A search box over a list of guests: the box, then what matches (the items given), in order. */
import type { ReactNode } from 'react'
import { grid } from 'styled-system/patterns'
import { TextField } from '../../ui/field'

export function SearchList({
  label,
  hint,
  query,
  onQuery,
  listLabel,
  children,
}: {
  label: string
  hint: string
  query: string
  onQuery: (query: string) => void
  /** The list's accessible name. */
  listLabel: string
  children: ReactNode
}) {
  return (
    <>
      <TextField label={label} type="search" value={query} onChange={(e) => onQuery(e.target.value)} hint={hint} />
      <ul aria-label={listLabel} className={grid({ gap: '2' })}>
        {children}
      </ul>
    </>
  )
}
