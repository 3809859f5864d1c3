import { createFileRoute } from '@tanstack/react-router'
import { NoticesPage } from '../features/notifications/notices-page'

export const Route = createFileRoute('/notifications')({
  // The notifications as this device holds them, read before the page renders (never the network).
  loader: () => import('../lib/member-data/hooks').then(({ loadMyNotices }) => loadMyNotices()),
  component: function Notifications() {
    return <NoticesPage initial={Route.useLoaderData()} />
  },
})
