import { CATEGORY_CARDS } from '@yaari/domain/categories'
import { css } from 'styled-system/css'
import { button, heading } from 'styled-system/recipes'

/** 'Explore by Category': four cards; Explore is a full page navigation. */
export function CategoryGrid() {
  return (
    <section
      aria-labelledby="categories-title"
      className={css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '6' }, py: '16' })}
    >
      <h2 id="categories-title" className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'extrabold' })}>
        Explore by Category
      </h2>
      <p className={css({ color: 'fg.muted', mt: '2', maxW: '2xl' })}>
        Find events that match your interests and connect with people who share your passions
      </p>
      <ul
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          gap: '5',
          mt: '8',
        })}
      >
        {CATEGORY_CARDS.map((category) => (
          <li
            key={category.slug}
            className={css({
              p: '6',
              borderRadius: 'l3',
              boxShadow: 'card',
              display: 'flex',
              flexDirection: 'column',
              gap: '2',
            })}
          >
            <span
              aria-hidden="true"
              data-category={category.slug}
              className={css({
                w: '12',
                h: '12',
                borderRadius: 'l2',
                display: 'grid',
                placeItems: 'center',
                fontSize: '2xl',
              })}
            >
              {category.icon}
            </span>
            <h3 className={heading({ level: 'sub' })}>{category.title}</h3>
            <p className={css({ color: 'fg.muted', flex: '1' })}>{category.description}</p>
            {/* A plain anchor: a category page opens as a full page load. */}
            <a
              href={`/categories/${category.slug}`}
              className={button({ variant: 'outline' })}
              aria-label={`Explore ${category.title}`}
            >
              Explore
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
