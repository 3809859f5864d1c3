import { createFileRoute } from '@tanstack/react-router'
import { eventsSearchSchema } from '../../domain/event-listing'
import { EventsPage } from '../../features/events/events-page'

export const Route = createFileRoute('/events/')({
  validateSearch: eventsSearchSchema,
  component: EventsPage,
})
