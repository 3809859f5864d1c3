import { getRouteApi, Link } from '@tanstack/react-router'
import { categoryPage } from '@yaari/domain/category-pages'
import { formatInr } from '@yaari/domain/money'
import { css } from 'styled-system/css'
import { container, grid } from 'styled-system/patterns'
import { button, heading, text } from 'styled-system/recipes'
import { usePageMeta } from '../../lib/page-meta'
import { CoverImage } from '../../ui/cover-image'

const route = getRouteApi('/categories/$slug')

/** A category page: hero and its coming-soon listings. */
export function CategoryPage() {
  const { slug } = route.useParams()
  // The route's beforeLoad only lets known slugs through.
  const category = categoryPage(slug)!
  usePageMeta({ title: category.title, description: `${category.heroSubtitle} Coming soon to Yaari.` })

  return (
    <div>
      <header data-category={category.slug} className={css({ color: 'white' })}>
        <div className={container({ maxW: '6xl', py: { base: '12', md: '16' } })}>
          <p aria-hidden="true" className={css({ fontSize: '4xl' })}>
            {category.icon}
          </p>
          <h1 className={css({ fontSize: { base: '3xl', md: '5xl' }, fontWeight: 'extrabold' })}>
            {category.heroTitle}
          </h1>
          <p className={css({ fontSize: 'lg', mt: '2', maxW: '2xl', opacity: 0.95 })}>{category.heroSubtitle}</p>
        </div>
      </header>
      <div className={container({ maxW: '6xl', py: '12' })}>
        <h2 className={heading({ level: 'section' })}>Coming soon</h2>
        <ul
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            gap: '5',
            mt: '6',
          })}
        >
          {category.listings.map((listing) => (
            <li key={listing.title} className={css({ borderRadius: 'l3', overflow: 'hidden', boxShadow: 'card' })}>
              <CoverImage src={listing.image} />
              <div className={grid({ p: '5', gap: '2' })}>
                <h3 className={heading({ level: 'card' })}>{listing.title}</h3>
                <p className={text({ tone: 'muted' })}>{listing.description}</p>
                <p className={text({ size: 'sm' })}>
                  {listing.date} · {listing.time} · {listing.location}
                </p>
                <p className={text({ size: 'sm' })}>
                  {listing.attendees} of {listing.maxAttendees} spots taken ·{' '}
                  <strong>{formatInr(listing.price)}</strong> per person
                </p>
                <button type="button" disabled className={button({ variant: 'outline' })}>
                  Coming Soon
                </button>
              </div>
            </li>
          ))}
        </ul>
        <Link to="/contact" className={`${button({ size: 'lg' })} ${css({ mt: '10' })}`}>
          Get Notified When Available
        </Link>
      </div>
    </div>
  )
}
