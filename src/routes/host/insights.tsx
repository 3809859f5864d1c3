import { createFileRoute } from '@tanstack/react-router'
import { loadInsights } from '../../features/host/host-loaders'
import { HostInsightsPage } from '../../features/host/insights/insights-page'

export const Route = createFileRoute('/host/insights')({
  staticData: {
    hostPage: {
      title: 'Insights',
      description:
        'How the evenings fill, what came in and went back, who came and came again, across dates and events.',
    },
  },
  loader: ({ context }) => loadInsights(context.host),
  component: function HostInsights() {
    return <HostInsightsPage {...Route.useLoaderData()} />
  },
})
