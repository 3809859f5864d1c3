import { createFileRoute } from '@tanstack/react-router'
import { HostDatePage } from '../../../../features/host/host-date-page'
import { loadHostDate } from '../../../../features/host/host-loaders'
import { NotificationAsk } from '../../../../features/notifications/notification-ask'
import { dateTitle } from '../../../../lib/host-access'

export const Route = createFileRoute('/host/$eventId/$date/')({
  staticData: {
    hostPage: { title: dateTitle('Host'), description: 'Guests, venue, capacity and sales of one date.' },
  },
  // The params checked by the domain's schema (a date the event runs on, or no page), and the guest
  // list as this device saved it, read before the page renders.
  loader: ({ params, context }) => loadHostDate(context, params),
  component: function HostDate() {
    return <HostDatePage {...Route.useLoaderData()} pushAsk={<NotificationAsk context="coordinating" />} />
  },
})
