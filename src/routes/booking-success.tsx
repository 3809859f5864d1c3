import { createFileRoute } from '@tanstack/react-router'
import { BookingSuccessPage } from '../features/booking/booking-success-page'
import { NotificationAsk } from '../features/notifications/notification-ask'
import { orderIdSearch } from '../lib/order-search'

export const Route = createFileRoute('/booking-success')({
  validateSearch: orderIdSearch,
  component: function BookingSuccess() {
    const { order_id } = Route.useSearch()
    // Once the booking is confirmed: would the member like to be told what comes next?
    return <BookingSuccessPage orderId={order_id} notificationAsk={<NotificationAsk context="booking" />} />
  },
})
