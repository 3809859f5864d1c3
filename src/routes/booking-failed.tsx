import { createFileRoute } from '@tanstack/react-router'
import { BookingFailedPage } from '../features/booking/booking-failed-page'

export const Route = createFileRoute('/booking-failed')({
  validateSearch: (search: Record<string, unknown>): { order_id?: string } =>
    typeof search.order_id === 'string' ? { order_id: search.order_id } : {},
  component: function BookingFailed() {
    const { order_id } = Route.useSearch()
    return <BookingFailedPage orderId={order_id} />
  },
})
