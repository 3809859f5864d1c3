import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { SITE } from '../../domain/site'
import { useNow } from '../../lib/clock'
import { FOOTER_NAV } from '../../lib/paths'

/** The shared footer: every information page one tap away, the way members look for them; `install` offers the app. */
export function SiteFooter({ install }: { install?: ReactNode }) {
  const now = useNow()
  return (
    <footer className={css({ bg: 'bg.inverse', color: 'fg.inverse', mt: 'auto' })}>
      <div className={css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '6' }, py: '10' })}>
        <p className={css({ fontWeight: 'extrabold', fontSize: 'xl' })}>{SITE.productName}</p>
        <p className={css({ opacity: 0.8, mt: '1', maxW: 'md' })}>{SITE.tagline}</p>
        <div
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            gap: '6',
            mt: '8',
          })}
        >
          {FOOTER_NAV.map((group) => (
            <nav key={group.heading} aria-label={group.heading}>
              <h2 className={css({ fontWeight: 'semibold', mb: '2' })}>{group.heading}</h2>
              <ul className={css({ display: 'grid', gap: '1' })}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className={css({ opacity: 0.85, _hover: { opacity: 1, textDecoration: 'underline' } })}
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        {install}
        <p className={css({ mt: '10', fontSize: 'sm', opacity: 0.7 })}>
          © {now.getFullYear()} {SITE.productName}. Made in {SITE.homeCity}.{' '}
          <span className={css({ whiteSpace: 'nowrap' })}>Version {__APP_VERSION__}</span>
        </p>
      </div>
    </footer>
  )
}
