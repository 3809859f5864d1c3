import type { AnyRoute, ParsedLocation, RouterHistory } from '@tanstack/react-router'

import { createRouter } from './router-library'

export { RouterProvider } from './router-library'

import { currentCatalogue } from './lib/catalogue'
import { routeTree as memberRoutes } from './memberRouteTree.gen'
// Types only: the tree of every route is code only the staff's router loads (src/staff-router.ts).
import type { routeTree as everyRoute } from './routeTree.gen'

/**
 * The app's router. The browser uses it with its own history; the build's prerender (see
 * src/prerender) with a memory history and `isServer: false`, so both render the same tree and
 * the prerendered HTML hydrates without a mismatch.
 *
 * A member's page runs it on the member pages' tree, which leaves the console out (src/main.tsx
 * sends a console address to the staff's router); its type is the tree of every route, so a link
 * from a member page to the console and back checks like any other.
 */
export function createAppRouter(
  options: {
    history?: RouterHistory
    isServer?: boolean
    origin?: string
    scrollRestoration?: boolean | ((options: { location: ParsedLocation }) => boolean)
  } = {},
  routeTree: AnyRoute = memberRoutes,
) {
  return createRouter({
    routeTree: routeTree as typeof everyRoute,
    // Loaders and guards read the catalogue the app shows when they run (it changes when a newer one arrives).
    context: { catalogue: currentCatalogue },
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...options,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
