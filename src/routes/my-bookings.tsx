import { createFileRoute } from '@tanstack/react-router'
import { MyBookingsPage } from '../features/booking/my-bookings-page'

export const Route = createFileRoute('/my-bookings')({ component: MyBookingsPage })
