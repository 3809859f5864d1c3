import { createFileRoute } from '@tanstack/react-router'
import { AfterNightPage } from '../features/after-night/after-night-page'

/** The evening after, for a guest who came: its code loads only when a member opens it. */
export const Route = createFileRoute('/my-bookings_/$orderId_/after')({
  component: function AfterNight() {
    const { orderId } = Route.useParams()
    return <AfterNightPage orderId={orderId} />
  },
})
