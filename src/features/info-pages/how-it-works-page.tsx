import { Link } from '@tanstack/react-router'
import { cx } from 'styled-system/css'
import { container, flow, grid } from 'styled-system/patterns'
import { badge, button, card, heading, text } from 'styled-system/recipes'
import { usePageMeta } from '../../lib/page-meta'
import { EVENTS_LINK } from '../../lib/paths'

const STEPS = [
  {
    title: 'Discover Events',
    body: 'Browse curated stranger meet-ups, Sunday social mixers and Wednesday dinners in your city.',
  },
  {
    title: 'Connect & Join',
    body: 'Create your profile, pick a date and book your seat in a small group chosen with care.',
  },
  {
    title: 'Experience Together',
    body: 'Show up, meet your table and leave with new friends. Our coordinator is there all evening.',
  },
] as const

/** How It Works: the three steps from discovering to meeting. */
export function HowItWorksPage() {
  usePageMeta({
    title: 'How It Works',
    description: 'Discover events, connect and join, and experience them together: how Yaari works.',
  })
  const panel = card({ variant: 'muted' })
  return (
    <div className={cx(container({ maxW: '5xl', py: { base: '10', md: '16' } }), flow({ gap: '8' }))}>
      <h1 className={heading({ level: 'page' })}>How It Works</h1>
      <ol className={grid({ columns: { base: 1, md: 3 }, gap: '6' })}>
        {STEPS.map((step, index) => (
          <li key={step.title} className={cx(panel.root, panel.body)}>
            <span aria-hidden="true" className={badge()}>
              {index + 1}
            </span>
            <h2 className={heading({ level: 'sub' })}>{step.title}</h2>
            <p className={text({ tone: 'muted' })}>{step.body}</p>
          </li>
        ))}
      </ol>
      <Link to={EVENTS_LINK.to} className={button({ size: 'lg' })}>
        Explore events
      </Link>
    </div>
  )
}
