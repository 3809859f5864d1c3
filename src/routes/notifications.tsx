import { createFileRoute } from '@tanstack/react-router'
import { NotificationsPage } from '../features/notifications/notifications-page'

export const Route = createFileRoute('/notifications')({
  // The notifications as this device holds them, read before the page renders (never the network).
  loader: () => import('../lib/member-data/hooks').then(({ loadMyNotifications }) => loadMyNotifications()),
  component: function Notifications() {
    return <NotificationsPage initial={Route.useLoaderData()} />
  },
})
