import { Link } from '@tanstack/react-router'
import { SITE } from '@yaari/domain/site'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { container, grid, stack } from 'styled-system/patterns'
import { heading } from 'styled-system/recipes'
import { useNow } from '../../lib/clock'
import { FOOTER_NAV } from '../../lib/paths'

/** The shared footer: every information page one tap away, the way members look for them; `install` offers the app. */
export function SiteFooter({ install }: { install?: ReactNode }) {
  const now = useNow()
  return (
    <footer className={css({ bg: 'bg.inverse', color: 'fg.inverse', mt: 'auto' })}>
      <div className={container({ maxW: '6xl', px: { base: '4', md: '6' }, py: '10' })}>
        <p className={css({ fontWeight: 'extrabold', fontSize: 'xl' })}>{SITE.productName}</p>
        <p className={css({ opacity: 0.8, mt: '1', maxW: 'md' })}>{SITE.tagline}</p>
        <div className={grid({ columns: { base: 2, md: 4 }, gap: '6', mt: '8' })}>
          {FOOTER_NAV.map((group) => (
            <nav key={group.heading} aria-label={group.heading} className={stack({ gap: '2' })}>
              <h2 className={heading({ level: 'label' })}>{group.heading}</h2>
              <ul className={grid({ gap: '1' })}>
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
