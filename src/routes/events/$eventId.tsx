import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { PRICE_TIERS, type PriceTier } from '@yaari/domain/catalogue'
import { lazy, Suspense } from 'react'
import type { BookingDialogsProps } from '../../features/booking/booking-dialogs'
import { DateSheetPreview } from '../../features/booking/date-sheet'
import { EventDetailsPage } from '../../features/events/event-details-page'
import { refreshedCatalogue } from '../../lib/catalogue'

// Loaded ahead of a tap when the tickets are scrolled into view, else when a price is tapped (its
// date sheet, drawn by the page, shows meanwhile): the booking form and its dialogs are not part of
// the page.
const loadBookingDialogs = () => import('../../features/booking/booking-dialogs')
const BookingDialogs = lazy(loadBookingDialogs)
// The ask to turn notifications on, shown right after a member joins a waitlist: loaded then.
const NotificationAsk = lazy(() =>
  import('../../features/notifications/notification-ask').then(({ NotificationAsk }) => ({ default: NotificationAsk })),
)

function BookingDialogsWithAsk(props: BookingDialogsProps) {
  return (
    <BookingDialogs
      {...props}
      afterWaitlistJoin={
        <Suspense fallback={null}>
          <NotificationAsk context="waitlist" />
        </Suspense>
      }
    />
  )
}

/**
 * `?tier=girls&date=2026-12-05`: where "Sign in to book" returns, the date dialog open again at
 * that price with that date chosen. Anything else in the address is ignored.
 */
function bookingSearch(search: Record<string, unknown>): { tier?: PriceTier; date?: string } {
  const tier = PRICE_TIERS.find((option) => option === search.tier)
  const date = typeof search.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.date) ? search.date : undefined
  return { ...(tier ? { tier } : {}), ...(tier && date ? { date } : {}) }
}

export const Route = createFileRoute('/events/$eventId')({
  validateSearch: bookingSearch,
  beforeLoad: async ({ params, context }) => {
    // An event published after this device's catalogue: ask for the newest one first.
    if (!context.catalogue().canonicalEventId(params.eventId)) await refreshedCatalogue()
    const canonical = context.catalogue().canonicalEventId(params.eventId)
    if (!canonical) throw notFound()
    // The featured cards' short ids are the same events: one address per event.
    if (canonical !== params.eventId) {
      throw redirect({ to: '/events/$eventId', params: { eventId: canonical }, replace: true })
    }
  },
  component: () => (
    <EventDetailsPage
      BookingDialogs={BookingDialogsWithAsk}
      DatesPreview={DateSheetPreview}
      preloadBookingDialogs={loadBookingDialogs}
    />
  ),
})
