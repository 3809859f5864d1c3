import { createFileRoute } from '@tanstack/react-router'
import { EventEditorPage } from '../../../features/host/catalogue/event-editor'

/** One event in the catalogue editor ("new" for a new one). */
export const Route = createFileRoute('/host/catalogue/$eventId')({
  component: function EditEvent() {
    const { eventId } = Route.useParams()
    return <EventEditorPage eventId={eventId} />
  },
})
