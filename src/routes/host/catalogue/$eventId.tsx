import { createFileRoute } from '@tanstack/react-router'
import { EventEditorPage } from '../../../features/host/catalogue/event-editor'
import { loadEventEditor } from '../../../features/host/host-loaders'

/** One event in the catalogue editor ("new" for a new one). */
export const Route = createFileRoute('/host/catalogue/$eventId')({
  staticData: {
    hostPage: {
      title: ({ eventId }) => (eventId === 'new' ? 'New event' : 'Edit event'),
      description: 'The catalogue editor.',
    },
  },
  loader: ({ context, params }) => loadEventEditor(context.host, params.eventId),
  component: function EditEvent() {
    const { eventId } = Route.useParams()
    const editor = Route.useLoaderData({ select: (data) => data.editor })
    return <EventEditorPage key={eventId} eventId={eventId} editor={editor} />
  },
})
