import { createFileRoute } from '@tanstack/react-router'
import { BookingFailedPage } from '../features/booking/booking-failed-page'
import { orderIdSearch } from '../lib/order-search'

export const Route = createFileRoute('/booking-failed')({
  validateSearch: orderIdSearch,
  component: function BookingFailed() {
    const { order_id } = Route.useSearch()
    return <BookingFailedPage orderId={order_id} />
  },
})
