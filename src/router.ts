import type { ParsedLocation, RouterHistory } from '@tanstack/react-router'

import { createRouter } from './router-library'

export { RouterProvider } from './router-library'

import { currentCatalogue } from './lib/catalogue'
import { routeTree } from './routeTree.gen'

/**
 * The app's router. The browser uses it with its own history; the build's prerender (see
 * src/prerender) with a memory history and `isServer: false`, so both render the same tree and
 * the prerendered HTML hydrates without a mismatch.
 */
export function createAppRouter(
  options: {
    history?: RouterHistory
    isServer?: boolean
    origin?: string
    scrollRestoration?: boolean | ((options: { location: ParsedLocation }) => boolean)
  } = {},
) {
  return createRouter({
    routeTree,
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
