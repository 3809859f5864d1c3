import { createFileRoute } from '@tanstack/react-router'
import { TicketPage } from '../features/booking/ticket-page'

export const Route = createFileRoute('/my-bookings_/$orderId')({
  // The ticket as this device holds it, read before the page renders (never the network).
  loader: ({ params }) => import('../lib/member-data/hooks').then(({ loadMyBooking }) => loadMyBooking(params.orderId)),
  component: function Ticket() {
    const { orderId } = Route.useParams()
    return <TicketPage orderId={orderId} initial={Route.useLoaderData()} />
  },
})
