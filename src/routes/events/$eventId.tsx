import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { lazy } from 'react'
import { canonicalEventId } from '../../domain/catalogue'
import { EventDetailsPage } from '../../features/events/event-details-page'

// Loaded when a price is chosen: the booking form and its dialogs are not part of the page.
const BookingDialogs = lazy(() => import('../../features/booking/booking-dialogs'))

export const Route = createFileRoute('/events/$eventId')({
  beforeLoad: ({ params }) => {
    const canonical = canonicalEventId(params.eventId)
    if (!canonical) throw notFound()
    // The featured cards' short ids are the same events: one address per event.
    if (canonical !== params.eventId) {
      throw redirect({ to: '/events/$eventId', params: { eventId: canonical }, replace: true })
    }
  },
  component: () => <EventDetailsPage BookingDialogs={BookingDialogs} />,
})
