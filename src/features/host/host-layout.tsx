/**
 * The page around every console page: who may see it decides what it shows (members and visitors
 * get a "Hosts only" page), once for the whole console. The page inside reads the host with
 * `useHost()`.
 */
import { Link, Outlet, useMatches } from '@tanstack/react-router'
import { HOST_MESSAGES } from '@yaari/domain/host'
import { createContext, useContext, useEffect, useState } from 'react'
import { container } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { useCatalogue } from '../../lib/catalogue'
import type { Host, HostAccess, HostSession } from '../../lib/host-access'
import { usePageMeta } from '../../lib/page-meta'
import { PageMessage } from '../../ui/page-message'
import { SignInLink } from '../../ui/sign-in'
import { StatusNote } from '../../ui/status-note'

const HostContext = createContext<Host | undefined>(undefined)

/** The signed-in host, on a page inside the console's layout. */
export function useHost(): Host {
  const host = useContext(HostContext)
  if (!host) throw new Error('useHost() is for pages inside the console layout')
  return host
}

/** The session shown: the device's first, then each check's answer (a page opened again keeps the last answer meanwhile). */
function useHostSession(access: HostAccess): HostSession {
  const [session, setSession] = useState(access.shown)
  useEffect(() => {
    let live = true
    access.checked.then((next) => live && setSession(next))
    return () => {
      live = false
    }
  }, [access.checked])
  return session
}

/** The open console page's title and description (its route's `staticData.hostPage`). */
function useHostPageMeta() {
  const catalogue = useCatalogue()
  const leaf = useMatches({ select: (matches) => matches.findLast((match) => match.staticData.hostPage) })
  const meta = leaf?.staticData.hostPage
  usePageMeta({
    title:
      typeof meta?.title === 'function'
        ? meta.title(leaf?.params as Record<string, string>, catalogue)
        : (meta?.title ?? 'Host console'),
    description: meta?.description ?? '',
  })
}

export function HostLayout({ access }: { access: HostAccess }) {
  const session = useHostSession(access)
  useHostPageMeta()
  return (
    <div className={container({ maxW: '5xl', py: { base: '6', md: '10' }, px: '4' })}>
      {session.status === 'checking' ? (
        <StatusNote>Checking your access…</StatusNote>
      ) : session.status === 'signed-out' ? (
        <PageMessage title="Hosts only" actions={<SignInLink />}>
          <p>Sign in with a host account to open the console.</p>
        </PageMessage>
      ) : session.status === 'not-host' ? (
        <PageMessage
          title="Hosts only"
          actions={
            <Link to="/events" className={button({ size: 'lg' })}>
              Browse events
            </Link>
          }
        >
          <p>{HOST_MESSAGES.hostsOnly}</p>
          <p>If you host with Yaari and were just given access, sign out and back in.</p>
        </PageMessage>
      ) : (
        <HostContext value={session}>
          <Outlet />
        </HostContext>
      )}
    </div>
  )
}
