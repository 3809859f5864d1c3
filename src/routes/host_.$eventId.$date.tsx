import { createFileRoute } from '@tanstack/react-router'
import { HostDatePage } from '../features/host/host-date-page'

export const Route = createFileRoute('/host_/$eventId/$date')({
  component: function HostDate() {
    const { eventId, date } = Route.useParams()
    return <HostDatePage eventId={eventId} date={date} />
  },
})
