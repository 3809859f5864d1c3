import { SITE } from '@yaari/domain/site'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { center, container, flow, grid, stack } from 'styled-system/patterns'
import { card, heading, notice, text } from 'styled-system/recipes'
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
          <h1 className={heading({ level: 'hero' })}>{title}</h1>
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

export function InfoSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section id={id} className={stack({ gap: '3' })}>
      <h2 className={heading({ level: 'section' })}>{title}</h2>
      {children}
    </section>
  )
}

/** What each of the site's headline numbers counts. */
const STAT_LABELS: Record<keyof typeof SITE.stats, string> = {
  events: 'Events',
  participants: 'Participants',
  venues: 'Venues',
  satisfaction: 'Satisfaction',
  publications: 'Publications',
}

/** Headline numbers (500+ events, 2000+ participants...): the site's, those named, in that order. */
export function Stats({ shown }: { shown: readonly (keyof typeof SITE.stats)[] }) {
  return (
    <dl className={grid({ columns: { base: 2, md: 4 }, gap: '4' })}>
      {shown.map((stat) => (
        <div key={stat} className={cx(notice({ size: 'md' }), center({ flexDirection: 'column' }))}>
          <dd className={text({ size: 'stat' })}>{SITE.stats[stat]}</dd>
          <dt className={text({ tone: 'muted' })}>{STAT_LABELS[stat]}</dt>
        </div>
      ))}
    </dl>
  )
}

/** Short points side by side on muted panels, each a title and a line. */
export function Panels({ items }: { items: readonly { title: string; text: string }[] }) {
  const panel = card({ variant: 'muted' })
  return (
    <ul className={grid({ columns: { base: 1, md: 3 }, gap: '4' })}>
      {items.map((item) => (
        <li key={item.title} className={cx(panel.root, panel.body)}>
          <h3 className={heading({ level: 'card' })}>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  )
}

/** A short titled block inside a section: a bold line and what follows it. */
export function Titled({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={flow({ gap: '2' })}>
      <h3 className={text({ weight: 'bold' })}>{title}</h3>
      {children}
    </div>
  )
}
