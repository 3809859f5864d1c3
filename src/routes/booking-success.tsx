import { createFileRoute } from '@tanstack/react-router'
import { BookingSuccessPage } from '../features/booking/booking-success-page'

export const Route = createFileRoute('/booking-success')({
  validateSearch: (search: Record<string, unknown>): { order_id?: string } =>
    typeof search.order_id === 'string' ? { order_id: search.order_id } : {},
  component: function BookingSuccess() {
    const { order_id } = Route.useSearch()
    return <BookingSuccessPage orderId={order_id} />
  },
})
