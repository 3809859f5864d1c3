import { createFileRoute } from '@tanstack/react-router'
import { AfterNightPage } from '../features/after-night/after-night-page'
import { loadEvening } from '../features/after-night/loaders'

/** The evening after, for a guest who came: its code loads only when a member opens it. */
export const Route = createFileRoute('/my-bookings_/$orderId_/after')({
  // The feedback this device kept, read before the page renders; the server's answer follows it.
  loader: ({ params }) => loadEvening(params.orderId),
  component: function AfterNight() {
    const { orderId } = Route.useParams()
    const { draft, first } = Route.useLoaderData()
    return <AfterNightPage orderId={orderId} draft={draft} first={first} />
  },
})
