import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button, heading } from 'styled-system/recipes'
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
  return (
    <div className={css({ maxW: '5xl', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '10', md: '16' } })}>
      <h1 className={heading({ level: 'page' })}>How It Works</h1>
      <ol
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
          gap: '6',
          mt: '8',
        })}
      >
        {STEPS.map((step, index) => (
          <li key={step.title} className={css({ bg: 'bg.muted', borderRadius: 'l3', p: '6' })}>
            <span
              aria-hidden="true"
              className={css({
                display: 'inline-flex',
                w: '10',
                h: '10',
                alignItems: 'center',
                justifyContent: 'center',
                borderRadius: 'full',
                bg: 'accent.default',
                color: 'fg.onAccent',
                fontWeight: 'bold',
              })}
            >
              {index + 1}
            </span>
            <h2 className={css({ fontSize: 'xl', fontWeight: 'bold', mt: '3' })}>{step.title}</h2>
            <p className={css({ color: 'fg.muted', mt: '2' })}>{step.body}</p>
          </li>
        ))}
      </ol>
      <Link to={EVENTS_LINK.to} className={cx(button({ size: 'lg' }), css({ mt: '10' }))}>
        Explore events
      </Link>
    </div>
  )
}
