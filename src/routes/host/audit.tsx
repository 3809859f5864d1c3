import { createFileRoute } from '@tanstack/react-router'
import { HostAuditPage } from '../../features/host/audit-page'
import { loadAudit } from '../../features/host/host-loaders'

export const Route = createFileRoute('/host/audit')({
  staticData: { hostPage: { title: 'Audit log', description: 'Every host action and guest-list view.' } },
  loader: ({ context }) => loadAudit(context.host),
  component: function HostAudit() {
    return <HostAuditPage {...Route.useLoaderData()} />
  },
})
