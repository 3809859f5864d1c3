/**
 * What the pages' component tests (happy-dom) share: a page of the app rendered as the browser
 * renders it, through the app's own router and route tree on a memory history (as
 * src/prerender/render-page.tsx builds it), so what a page reads from its address, its links and
 * its navigations are the real ones. A test mocks only what would reach the network (Firebase, the
 * functions).
 */
import { createMemoryHistory } from '@tanstack/react-router'
import { configure, render } from '@testing-library/react'
import { expect, onTestFinished, vi } from 'vitest'
import { createAppRouter, RouterProvider } from '../router'

// A navigation loads the next page's code first (each route's is a chunk of its own, compiled on its
// first load in a test run): findBy and waitFor wait as long as Playwright's expect does, 5 s, not
// Testing Library's 1 s, and a test of the file that renders pages has 20 s, not 5.
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 20_000 })

/** Renders `path` (with its query, if any) once its route's code and guards have run; `router` is the app's. */
export async function renderRoute(path: string) {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
    scrollRestoration: false, // (a browser's job)
  })
  await router.load()
  const view = render(<RouterProvider router={router} />)
  return { router, ...view }
}

/**
 * Renders `path` on a phone whose clock (Date alone) reads `instant` until the test ends: `phoneDay`
 * is the day the phone's own calendar shows then, checked first (a file meant for a phone in another
 * time zone says so when run in the wrong one).
 */
export async function renderRouteAt(path: string, instant: string, phoneDay: string) {
  vi.useFakeTimers({ toFake: ['Date'] })
  onTestFinished(() => {
    vi.useRealTimers()
  })
  vi.setSystemTime(new Date(instant))
  expect(new Date().toDateString(), "the phone's own calendar").toBe(phoneDay)
  return renderRoute(path)
}
