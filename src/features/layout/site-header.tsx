import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { type MouseEvent, memo, type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, grid } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { afterNextPaint } from '../../lib/after-paint'
import { useHydrated } from '../../lib/hydration'
import { HOST_LINK, LOGIN_LINK, MY_BOOKINGS_LINK, PRIMARY_NAV, PROFILE_LINK, SIGNUP_LINK } from '../../lib/paths'
import { memberFirstName, useKnownMember } from '../../lib/session/member-hint'

export interface SiteHeaderProps {
  /** Transparent over the home page hero; solid everywhere else. */
  transparent: boolean
  /** The bell (the member's notifications), shown beside their name: the root layout composes it. */
  bell?: ReactNode
  /** A signed-in member's Sign Out, in the small screen's menu (composed by the root layout too). */
  signOut?: ReactNode
}

/**
 * The shared header, pinned by the root layout (over the home hero, sticky elsewhere): Login and
 * Join, or the member's name, the bell (their notifications), Profile and My bookings on a device
 * that knows a signed-in member (from the first frame, before Firebase Auth has confirmed them:
 * session/member-hint.ts). The bell stays beside the name on every screen size; on small screens
 * the other links collapse behind a Menu disclosure button that closes when a link is chosen, on
 * Escape and on navigation.
 */
export function SiteHeader({ transparent, bell, signOut }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const hydrated = useHydrated() // the menu opens once the app has taken over the page
  const menuId = useId()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const member = useKnownMember()
  const firstName = memberFirstName(member)
  // A member's Profile and My bookings, or a visitor's Login and Join.
  const [secondary, primary] = member ? [PROFILE_LINK, MY_BOOKINGS_LINK] : [LOGIN_LINK, SIGNUP_LINK]
  // A host also sees the way to their console (the functions refuse anyone else there).
  const host = Boolean(member?.host)
  const nav = useMemo(() => (host ? [...PRIMARY_NAV, HOST_LINK] : PRIMARY_NAV), [host])

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the path or the member changes.
  useEffect(() => setMenuOpen(false), [pathname, member?.uid])

  useEffect(() => {
    if (!menuOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [menuOpen])

  const onDark = transparent && !menuOpen
  const navigate = useNavigate()
  /**
   * A menu link: a plain tap closes the menu at once and changes the page after that paint (a
   * new page is the heavy part); a modified click (a new tab) is the link's own.
   */
  const close = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      setMenuOpen(false)
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      event.preventDefault()
      const to = event.currentTarget.getAttribute('href') ?? '/'
      afterNextPaint(() => void navigate({ to }))
    },
    [navigate],
  )

  return (
    <header
      data-transparent={transparent || undefined}
      className={css({
        position: 'relative',
        bg: transparent ? (menuOpen ? 'bg.surface' : 'transparent') : 'bg.surface',
        borderBottomWidth: transparent ? '0' : '1px',
        borderColor: 'border.default',
        color: onDark ? 'white' : 'fg.default',
      })}
    >
      <div
        className={css({
          maxW: '6xl',
          mx: 'auto',
          px: { base: '4', md: '6' },
          h: '16',
          display: 'flex',
          alignItems: 'center',
          gap: '4',
        })}
      >
        <Link to="/" className={css({ fontWeight: 'extrabold', fontSize: '2xl', letterSpacing: '-0.02em' })}>
          Yaari
        </Link>
        <nav aria-label="Main" className={css({ display: { base: 'none', lg: 'block' }, ml: 'auto' })}>
          <NavList nav={nav} className={flex({ gap: '1' })} linkClass={barLink} />
        </nav>
        {/* Who this device knows, from the first frame, leading to their profile; empty for a visitor
            (it only pushes Menu right). */}
        <span className={css({ ml: { base: 'auto', lg: '2' }, fontWeight: 'semibold', truncate: true, maxW: '10rem' })}>
          {firstName ? (
            <Link to={PROFILE_LINK.to} className={css({ _hover: { textDecoration: 'underline' } })}>
              Hi, {firstName}
            </Link>
          ) : null}
        </span>
        {member ? bell : null}
        <div className={css({ display: { base: 'none', lg: 'flex' }, gap: '2' })}>
          <Link to={secondary.to} className={button({ variant: onDark ? 'inverse' : 'outline', size: 'sm' })}>
            {secondary.label}
          </Link>
          <Link to={primary.to} className={button({ size: 'sm' })}>
            {primary.label}
          </Link>
        </div>
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : undefined}
          disabled={!hydrated}
          onClick={() => setMenuOpen((open) => !open)}
          className={cx(
            button({ variant: 'ghost', size: 'sm' }),
            css({ display: { base: 'inline-flex', lg: 'none' }, color: 'inherit' }),
          )}
        >
          {/* About the same width open or closed, so the member's name beside it is not cut shorter. */}
          {menuOpen ? 'Close' : 'Menu'}
        </button>
      </div>
      {/* Always in the page, hidden while closed: opening it shows links already built, so the tap
          answers with a style change rather than a render of every link. It drops over the page:
          opening or closing it does not move the page below. (A layer of its own, will-change,
          measured slower to open.) */}
      <nav
        id={menuId}
        aria-label="Main"
        hidden={!menuOpen}
        className={css({
          display: { base: 'block', lg: 'none' },
          _hidden: { display: 'none' },
          position: 'absolute',
          top: '100%',
          insetX: 0,
          maxH: 'calc(100dvh - token(sizes.16))',
          overflowY: 'auto',
          overscrollBehavior: 'contain',
          boxShadow: 'card',
          bg: 'bg.surface',
          color: 'fg.default',
          borderTopWidth: '1px',
          borderBottomWidth: '1px',
          borderColor: 'border.default',
          px: '4',
          pb: '4',
        })}
      >
        <MenuLinks nav={nav} secondary={secondary} primary={primary} onChoose={close} />
        {/* Mounted with the open menu only: its code is not part of every member's first load. */}
        {member && menuOpen ? <div className={css({ display: 'grid', mt: '2' })}>{signOut}</div> : null}
      </nav>
    </header>
  )
}

type NavLink = (typeof PRIMARY_NAV)[number] | typeof HOST_LINK

/** The wide screen's bar of links: the page in use underlined. */
const barLink = css({
  px: '3',
  py: '2',
  borderRadius: 'l1',
  fontWeight: 'medium',
  _hover: { textDecoration: 'underline' },
  '&[aria-current=page]': { textDecoration: 'underline', textUnderlineOffset: '6px' },
})

/** The small screen's menu: a link a row, the page in use in the accent colour. */
const menuLink = css({
  display: 'block',
  py: '3',
  fontWeight: 'medium',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  '&[aria-current=page]': { color: 'accent.text' },
})

/** The main links, the bar's or the menu's: each is the page in use on its own path only. */
function NavList({
  nav,
  className,
  linkClass,
  onChoose,
}: {
  nav: readonly NavLink[]
  className?: string
  linkClass: string
  onChoose?: (event: MouseEvent<HTMLAnchorElement>) => void
}) {
  return (
    <ul className={className}>
      {nav.map((link) => (
        <li key={link.to}>
          <Link to={link.to} onClick={onChoose} activeOptions={{ exact: true }} className={linkClass}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The small screen's menu links, built once per member: opening and closing the menu leaves them as they are. */
const MenuLinks = memo(function MenuLinks({
  nav,
  secondary,
  primary,
  onChoose,
}: {
  nav: readonly NavLink[]
  secondary: typeof LOGIN_LINK | typeof PROFILE_LINK
  primary: typeof SIGNUP_LINK | typeof MY_BOOKINGS_LINK
  onChoose: (event: MouseEvent<HTMLAnchorElement>) => void
}) {
  const preload = primary === MY_BOOKINGS_LINK ? 'viewport' : 'intent'
  return (
    <>
      <NavList nav={nav} linkClass={menuLink} onChoose={onChoose} />
      {/* A member's Profile and My bookings load their code and data as the open menu shows them,
          not as a finger lands on one (a touch's preload ran the page's loader, which reads the
          device's database, inside that tap). A visitor's Login and Join load on the touch, as
          other links do: not every visitor opening the menu needs the sign-in page's code. */}
      <div className={grid({ gap: '2', mt: '4' })}>
        <Link to={secondary.to} preload={preload} onClick={onChoose} className={button({ variant: 'outline' })}>
          {secondary.label}
        </Link>
        <Link to={primary.to} preload={preload} onClick={onChoose} className={button()}>
          {primary.label}
        </Link>
      </div>
    </>
  )
})
