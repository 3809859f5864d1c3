import { StrictMode, startTransition } from 'react'
import { setRenderedAt } from './lib/clock'
import { knownMember } from './lib/session/member-hint'
import './index.css'

/** Lets the browser paint and answer input before the next piece of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Public pages arrive prerendered (the build writes them): load the page's route code, then
// hydrate what is already on screen. Every other page, and a public page opened with filters in
// its address (the HTML has none), renders here, replacing whatever the HTML held.
const { renderedAt, renderedPath } = root.dataset
const hydrating = Boolean(renderedAt) && renderedPath === location.pathname && !location.search

// While a prerendered page is already on screen, start-up runs as a few short tasks instead of
// one long one, so a phone's main thread is never blocked for long while the visitor reads it:
// React's DOM renderer, the router library, then the route tree with the layout, each evaluated
// on its own. With nothing on screen yet (a member's ticket, their bookings) every pause is only a
// wait: the three load together.
let reactDom: typeof import('react-dom/client')
let appRouter: typeof import('./router')
if (hydrating) {
  reactDom = await import('react-dom/client')
  await nextTask()
  await import('./router-library')
  await nextTask()
  appRouter = await import('./router')
  await nextTask()
} else {
  // A member this device knows: their pages read their data from the device's database, so it
  // opens while the rest starts.
  if (knownMember()) void import('./lib/db').then(({ localDb }) => localDb().open())
  ;[reactDom, , appRouter] = await Promise.all([
    import('react-dom/client'),
    import('./router-library'),
    import('./router'),
  ])
}
const { createRoot, hydrateRoot } = reactDom
const { createAppRouter, RouterProvider } = appRouter

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

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)

if (hydrating) {
  setRenderedAt(Number(renderedAt))
  await nextTask()
  await router.load()
  await nextTask()
  // In a transition React hydrates in small slices, yielding to the browser between them, so a
  // tap or a scroll during start-up is never held up behind one long task.
  startTransition(() => {
    hydrateRoot(root, app)
  })
} else {
  // The page's code and whatever its loader reads from the device (a ticket, the bookings) are
  // ready before the first render, so it renders once, whole, instead of a frame with only the
  // header and footer first.
  await router.load()
  createRoot(root).render(app)
}
