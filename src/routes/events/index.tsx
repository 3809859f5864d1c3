import { createFileRoute } from '@tanstack/react-router'
import { parseEventsSearch } from '@yaari/domain/event-listing'
import { EventsPage } from '../../features/events/events-page'

export const Route = createFileRoute('/events/')({
  validateSearch: parseEventsSearch,
  component: EventsPage,
})
