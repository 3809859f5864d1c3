import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { container } from 'styled-system/patterns'
import { usePageMeta } from '../../lib/page-meta'

export interface InfoPageProps {
  title: string
  subtitle?: ReactNode
  /** The meta description; defaults to the subtitle when that is plain text. */
  description: string
  children: ReactNode
}

/** The frame of every information page: one h1, a subtitle, then h2 sections. */
export function InfoPage({ title, subtitle, description, children }: InfoPageProps) {
  usePageMeta({ title, description })
  return (
    <div className={css({ pb: '16' })}>
      <header className={css({ bg: 'bg.muted', borderBottomWidth: '1px', borderColor: 'border.default' })}>
        <div className={container({ maxW: '4xl', py: { base: '10', md: '14' } })}>
          <h1 className={css({ fontSize: { base: '3xl', md: '5xl' }, fontWeight: 'extrabold', lineHeight: '1.1' })}>
            {title}
          </h1>
          {subtitle ? (
            <p className={css({ mt: '3', fontSize: 'lg', color: 'fg.muted', maxW: '2xl' })}>{subtitle}</p>
          ) : null}
        </div>
      </header>
      <div
        className={`${container({ maxW: '4xl', pt: '10' })} ${css({ display: 'grid', gap: '10', '& p + p': { mt: '3' } })}`}
      >
        {children}
      </div>
    </div>
  )
}

export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '3' })}>{title}</h2>
      {children}
    </section>
  )
}

/** A bulleted list of short texts. */
export function Bullets({ items }: { items: readonly string[] }) {
  return (
    <ul className={css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1' })}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}

/** Headline numbers (500+ events, 2000+ participants...). */
export function Stats({ items }: { items: readonly { value: string; label: string }[] }) {
  return (
    <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: '4' })}>
      {items.map((item) => (
        <div key={item.label} className={css({ p: '4', bg: 'bg.muted', borderRadius: 'l2', textAlign: 'center' })}>
          <dd className={css({ fontSize: '3xl', fontWeight: 'extrabold', color: 'accent.text' })}>{item.value}</dd>
          <dt className={css({ color: 'fg.muted' })}>{item.label}</dt>
        </div>
      ))}
    </dl>
  )
}
