import { createRootRouteWithContext, lazyRouteComponent, Outlet, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { AppErrorPage } from '../features/errors/app-error-page'
import { SiteFooter } from '../features/layout/site-footer'
import { SiteHeader } from '../features/layout/site-header'
import { PENDING_SYNC_KEY } from '../features/profile/pending-sync-key'
import { captureInstallPrompt, useInstallOption } from '../features/pwa/install'
import { OfflineBanner } from '../features/pwa/offline-banner'
import { RegisterServiceWorker } from '../features/pwa/service-worker'
import { reloadOnStaleChunks } from '../features/pwa/stale-version'
import { useOpenFromWorker } from '../features/pwa/worker-messages'
import type { CatalogueContext } from '../lib/catalogue'
import { useIdleAfterMount } from '../lib/use-idle'
import { useOnline } from '../lib/use-online'
import { useToastRendererWanted } from '../ui/toast'

// beforeinstallprompt fires once, early: catch it before any page asks. A code chunk gone after
// a deploy loads the new version.
if (typeof window !== 'undefined') {
  captureInstallPrompt()
  reloadOnStaleChunks()
}

// Toasts only ever follow an action, so their renderer loads with the first toast.
const AppToaster = lazy(() => import('../ui/toaster'))
// Most browsers never offer to install (or it is installed already): its offer loads when one is made.
const InstallApp = lazy(() => import('../features/pwa/install-button'))
// A visitor never needs the bell: the header shows it (loaded then) only on a member's device.
const NotificationBell = lazy(() => import('../features/notifications/notification-bell'))
const SignOutButton = lazy(() =>
  import('../features/account/sign-out-button').then((module) => ({ default: module.SignOutButton })),
)

export const Route = createRootRouteWithContext<CatalogueContext>()({
  component: RootLayout,
  // A wrong address is rare: its page loads when one is met (the worker keeps it offline too).
  notFoundComponent: lazyRouteComponent(() => import('../features/errors/not-found-page'), 'NotFoundPage'),
  errorComponent: AppErrorPage,
})

function RootLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const isHome = pathname === '/'
  // Onboarding is a focused flow: its own wrapper replaces the site's header and footer. (Door mode
  // hides them itself: features/host/door/door-page.tsx.)
  const focused = pathname.startsWith('/onboarding')
  const toastsWanted = useToastRendererWanted()
  // A tap on a notification while the app is open: the worker asks it to show the notice's page.
  useOpenFromWorker()
  const installable = useInstallOption().kind !== 'none'
  // The service worker registers once the page is idle (its install fetches the whole app,
  // which should not compete with the first page starting up) and online (its code loads then).
  const idle = useIdleAfterMount()
  const online = useOnline()
  const [registerWorker, setRegisterWorker] = useState(false)
  useEffect(() => {
    if (idle && online) setRegisterWorker(true) // and stays registered
  }, [idle, online])
  useEffect(() => {
    // A profile completed offline waits in the outbox: send it when the connection returns.
    if (localStorage.getItem(PENDING_SYNC_KEY)) {
      void import('../features/profile/pending-sync').then(({ startPendingSync }) => startPendingSync())
    }
  }, [])
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDirection: 'column' })}>
      <a
        href="#main"
        className={css({
          position: 'absolute',
          left: '2',
          top: '-20',
          zIndex: 'skipLink',
          bg: 'bg.surface',
          px: '3',
          py: '2',
          borderRadius: 'l1',
          _focus: { top: '2' },
        })}
      >
        Skip to content
      </a>
      {/* The offline notice and the header stay together at the top: over the home hero, sticky elsewhere. */}
      <div className={css({ position: isHome ? 'absolute' : 'sticky', top: 0, insetX: 0, zIndex: 'banner' })}>
        <OfflineBanner />
        {focused ? null : (
          <SiteHeader
            transparent={isHome}
            bell={
              // The bell's place is kept while it loads, so the header does not move.
              <Suspense fallback={<span className={css({ w: '11', h: '11', flexShrink: 0 })} />}>
                <NotificationBell />
              </Suspense>
            }
            signOut={
              <Suspense fallback={null}>
                <SignOutButton />
              </Suspense>
            }
          />
        )}
      </div>
      <main id="main" tabIndex={-1} className={css({ flex: '1', _focus: { outline: 'none' } })}>
        <Outlet />
      </main>
      {focused ? null : (
        <SiteFooter
          install={
            installable ? (
              <Suspense fallback={null}>
                <InstallApp />
              </Suspense>
            ) : null
          }
        />
      )}
      {registerWorker ? <RegisterServiceWorker container={navigator.serviceWorker} /> : null}
      {toastsWanted ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
    </div>
  )
}
