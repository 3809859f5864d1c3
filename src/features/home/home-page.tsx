import { Link } from '@tanstack/react-router'
import { SITE } from '@yaari/domain/site'
import { css } from 'styled-system/css'
import { flex, wrap } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { usePageMeta } from '../../lib/page-meta'
import { EVENTS_LINK, LOGIN_LINK, MY_BOOKINGS_LINK } from '../../lib/paths'
import { useKnownMember } from '../../lib/session/member-hint'
import { CategoryGrid } from './category-grid'
import { FeaturedEvents } from './featured-events'

/** Home: the hero. */
export function HomePage() {
  const member = useKnownMember()
  usePageMeta({
    title: SITE.productName,
    description:
      'Meet, mingle and make friends at small curated events in Bangalore: stranger meet-ups, Sunday mixers and Wednesday dinners.',
  })
  return (
    <>
      <section
        aria-labelledby="hero-title"
        className={css({
          minH: { base: '75svh', md: '70vh' },
          display: 'flex',
          alignItems: 'center',
          color: 'white',
          bgGradient: 'to-br',
          gradientFrom: 'ink.900',
          gradientVia: 'brand.900',
          gradientTo: 'brand.700',
          pt: '16',
        })}
      >
        <div className={css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '6' }, py: '16', w: 'full' })}>
          <h1
            id="hero-title"
            className={css({
              fontSize: { base: '4xl', md: '6xl' },
              fontWeight: 'extrabold',
              lineHeight: '1.05',
              letterSpacing: '-0.03em',
              maxW: '3xl',
            })}
          >
            Meet, Mingle &amp; Make friends
          </h1>
          <p className={css({ fontSize: { base: 'lg', md: '2xl' }, mt: '4', opacity: 0.9 })}>
            Start unforgettable nights with {SITE.productName}.
          </p>
          <div className={wrap({ gap: '3', mt: '8' })}>
            {/* A member this device knows goes on to the events and their bookings, not to join again. */}
            {member ? (
              <>
                <Link to={EVENTS_LINK.to} className={button({ size: 'lg' })}>
                  Browse events
                </Link>
                <Link to={MY_BOOKINGS_LINK.to} className={button({ size: 'lg', variant: 'inverse' })}>
                  {MY_BOOKINGS_LINK.label}
                </Link>
              </>
            ) : (
              <>
                <Link to={LOGIN_LINK.to} className={button({ size: 'lg' })}>
                  Join Now
                </Link>
                <Link to={LOGIN_LINK.to} className={button({ size: 'lg', variant: 'inverse' })}>
                  Login
                </Link>
              </>
            )}
          </div>
          <dl className={flex({ gap: '10', mt: '12' })}>
            <div>
              <dt className={css({ opacity: 0.8 })}>Members</dt>
              <dd className={css({ fontSize: '3xl', fontWeight: 'bold' })}>{SITE.memberClaim}</dd>
            </div>
            <div>
              <dt className={css({ opacity: 0.8 })}>Vibrant cities</dt>
              <dd className={css({ fontSize: '3xl', fontWeight: 'bold' })}>{SITE.cityClaim}</dd>
            </div>
          </dl>
        </div>
      </section>
      <CategoryGrid />
      <FeaturedEvents />
    </>
  )
}
