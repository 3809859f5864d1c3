import { createFileRoute } from '@tanstack/react-router'
import { loadReports } from '../../features/host/host-loaders'
import { HostReportsPage } from '../../features/host/reports-page'

export const Route = createFileRoute('/host/reports')({
  staticData: {
    hostPage: { title: 'Reports', description: 'What guests reported about other guests, and what was done.' },
  },
  loader: ({ context }) => loadReports(context.host),
  component: function HostReports() {
    return <HostReportsPage {...Route.useLoaderData()} />
  },
})
