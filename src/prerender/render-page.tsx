/**
 * Renders one page of the app to HTML with the same router and tree the browser hydrates.
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { setRenderedAt } from '../lib/clock'
import { takePrerenderedMeta } from '../lib/page-meta'
import { createAppRouter } from '../router'
import type { PrerenderedPage } from './page-html'

/** Renders `path` (with its query, if any) as the browser would: 200, 404 when no page has it, 500 when it failed. */
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
  const notFound =
    matches.some((match) => match.status === 'notFound') || (path !== '/' && matches.at(-1)?.routeId === '__root__')
  const failed = matches.some((match) => match.status === 'error')
  return { html, meta: takePrerenderedMeta(), status: failed ? 500 : notFound ? 404 : 200 }
}
