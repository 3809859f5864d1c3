/**
 * The build's prerender (see prerenderPages in vite.config.ts): renders one public page to
 * HTML with the same router and tree the browser hydrates.
 */
import './seed' // first: the pages below read the catalogue as they load
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { setRenderedAt } from '../lib/clock'
import { takePrerenderedMeta } from '../lib/page-meta'
import { createAppRouter } from '../router'
import type { PrerenderedPage } from './page-html'

export { htmlFileFor, PRERENDERED_PATHS } from './paths'

export async function renderPage(path: string, now: number): Promise<PrerenderedPage> {
  setRenderedAt(now)
  // isServer: false renders what the browser renders (its Suspense boundaries and all), so the
  // browser hydrates this HTML instead of replacing it.
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
    isServer: false,
    origin: 'http://localhost',
    scrollRestoration: false, // (only ever acts in the browser)
  })
  await router.load()
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
  const { matches } = router.state
  const notFound = path !== '/' && matches.at(-1)?.routeId === '__root__'
  const failed = notFound || matches.some((match) => match.status !== 'success' || match.error !== undefined)
  return { html, meta: takePrerenderedMeta(), status: failed ? 500 : 200 }
}
