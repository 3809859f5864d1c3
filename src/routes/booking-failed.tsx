import { createFileRoute } from '@tanstack/react-router'
import { BookingFailedPage } from '../features/booking/booking-failed-page'

export const Route = createFileRoute('/booking-failed')({ component: BookingFailedPage })
