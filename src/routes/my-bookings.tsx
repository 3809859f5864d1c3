import { createFileRoute } from '@tanstack/react-router'
import { MyBookingsPage } from '../features/booking/my-bookings-page'

export const Route = createFileRoute('/my-bookings')({
  // The bookings as this device holds them, read before the page renders (never the network).
  loader: () => import('../lib/member-data/hooks').then(({ loadMyBookings }) => loadMyBookings()),
  component: function MyBookings() {
    return <MyBookingsPage initial={Route.useLoaderData()} />
  },
})
