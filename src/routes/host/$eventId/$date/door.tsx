import { createFileRoute } from '@tanstack/react-router'
import { DoorPage } from '../../../../features/host/door/door-page'
import { loadDoor } from '../../../../features/host/host-loaders'
import { NotificationAsk } from '../../../../features/notifications/notification-ask'
import { dateTitle } from '../../../../lib/host-access'

export const Route = createFileRoute('/host/$eventId/$date/door')({
  staticData: {
    hostPage: { title: dateTitle('Door'), description: 'Check guests in, with or without a signal.' },
  },
  // The params checked by the domain's schema, and the door as this phone holds it.
  loader: ({ params, context }) => loadDoor(context, params),
  component: function Door() {
    return <DoorPage {...Route.useLoaderData()} pushAsk={<NotificationAsk context="coordinating" />} />
  },
})
