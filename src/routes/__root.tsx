import { createRootRoute, Outlet, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import { AppErrorPage } from '../features/errors/app-error-page'
import { NotFoundPage } from '../features/errors/not-found-page'
import { SiteFooter } from '../features/layout/site-footer'
import { SiteHeader } from '../features/layout/site-header'
import { UpdatePrompt } from '../features/pwa/update-prompt'
import { useToastRendererWanted } from '../ui/toast'

// Toasts only ever follow an action, so their renderer loads with the first toast.
const AppToaster = lazy(() => import('../ui/toaster'))

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: AppErrorPage,
})

function RootLayout() {
  const isHome = useRouterState({ select: (state) => state.location.pathname === '/' })
  const toastsWanted = useToastRendererWanted()
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
      <SiteHeader transparent={isHome} />
      <main id="main" tabIndex={-1} className={css({ flex: '1', _focus: { outline: 'none' } })}>
        <Outlet />
      </main>
      <SiteFooter />
      <UpdatePrompt />
      {toastsWanted ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
    </div>
  )
}
