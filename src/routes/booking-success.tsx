import { createFileRoute } from '@tanstack/react-router'
import { BookingSuccessPage } from '../features/booking/booking-success-page'
import { orderIdSearch } from '../lib/order-search'

export const Route = createFileRoute('/booking-success')({
  validateSearch: orderIdSearch,
  component: function BookingSuccess() {
    const { order_id } = Route.useSearch()
    return <BookingSuccessPage orderId={order_id} />
  },
})
