import { CATALOGUE_SCRIPT_ID } from '@yaari/domain/page-head'
import { StrictMode, startTransition } from 'react'
import { listenForPushes } from './features/notifications/push-arrivals'
import { installCatalogue, refreshCatalogue, SAVED_CATALOGUE } from './lib/catalogue'
import { setRenderedAt } from './lib/clock'
import { logError } from './lib/log'
import './index.css'

// What nobody handled reaches the server (reportClientError) as well as the console.
for (const type of ['error', 'unhandledrejection'])
  addEventListener(type, (event) =>
    logError(type, (event as PromiseRejectionEvent).reason ?? (event as ErrorEvent).error),
  )

// A push the service worker announces while the page loads reaches the bell once it mounts.
listenForPushes()

// The part of the catalogue this page was written with, installed before any page module runs, so
// the page renders what its HTML shows; a page that carries none starts on the last whole one this
// device kept.
try {
  const carried = document.getElementById(CATALOGUE_SCRIPT_ID)?.textContent ?? localStorage.getItem(SAVED_CATALOGUE)
  if (carried) installCatalogue(JSON.parse(carried), { asWritten: true })
} catch {
  // Storage refused or a damaged copy: the catalogue arrives from the network.
}

/** Lets the browser paint and answer input before the next piece of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// Start-up runs as a few short tasks instead of one long one, so a phone's main thread is
// never blocked for long while the visitor already reads the prerendered page: React's DOM
// renderer, the router library, then the route tree with the layout, each evaluated on its own.
const { createRoot, hydrateRoot } = await import('react-dom/client')
await nextTask()
await import('./router-library')
await nextTask()
// The console (/host and below) has a router of its own, with every route: the member pages'
// tree leaves the console's routes out, so a new console route adds nothing to their start-up.
const STAFF_PATH = /^\/host(\/|$)/
const staffPage = STAFF_PATH.test(location.pathname)
const { createAppRouter, RouterProvider } = await (staffPage ? import('./staff-router') : import('./router'))
await nextTask()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Public pages arrive prerendered (the build writes them): load the page's route code, then
// hydrate what is already on screen. Every other page, and a public page opened with filters in
// its address (the HTML has none), renders here, replacing whatever the HTML held.
const { renderedAt, renderedPath } = root.dataset
const hydrating = Boolean(renderedAt) && renderedPath === location.pathname && !location.search

// On a prerendered page the visitor may have scrolled already (or the browser restored a reload's
// position) before the app takes over: its first render leaves the scroll where it is, instead of
// throwing the reader back to the top. Every later navigation restores or resets as usual.
let keepScrollOnce = hydrating
const router = createAppRouter({
  scrollRestoration: () => {
    if (!keepScrollOnce) return true
    keepScrollOnce = false
    return false
  },
})

// A member page's router has no console route: a link to the console opens it as a new page,
// which this file starts on the staff's router.
if (!staffPage)
  router.history.block({
    blockerFn: ({ nextLocation, action }) => {
      if (!STAFF_PATH.test(nextLocation.pathname)) return false
      if (action === 'PUSH' || action === 'REPLACE') {
        location.assign(nextLocation.href)
        return true
      }
      // Back or forward into the console: the address has already changed, so load it again as a
      // page (stopping the step would send the history back, racing a load of the address).
      location.reload()
      return false
    },
    enableBeforeUnload: false,
  })

// Back or forward into the console may come while this page was still starting, before its router
// listened (its code on a slow signal): the address is the console's now, so load it as a page.
if (!staffPage && STAFF_PATH.test(location.pathname)) location.reload()

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)

if (hydrating) setRenderedAt(Number(renderedAt))
// The page's code, and whatever its loader reads from the device (a ticket, the bookings), are
// ready before the first render: a member's page renders once, whole.
await nextTask()
await router.load()
if (hydrating) {
  await nextTask()
  // In a transition React hydrates in small slices, yielding to the browser between them, so a
  // tap or a scroll during start-up is never held up behind one long task.
  startTransition(() => {
    hydrateRoot(root, app)
  })
} else {
  createRoot(root).render(app)
}

// The whole published catalogue (a new event, a new price, a new city) replaces the page's part once
// it arrives; the page is hydrated as written (useCatalogue), so React never finds the two disagreeing.
await nextTask()
void refreshCatalogue()
