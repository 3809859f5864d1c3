import { createFileRoute } from '@tanstack/react-router'
import { istToday } from '@yaari/domain/schedule'
import { loadInsights } from '../../features/host/host-loaders'
import { HostInsightsPage } from '../../features/host/insights/insights-page'
import { parseInsightsSearch, queryOf, request, searchOf } from '../../features/host/insights/insights-query'

export const Route = createFileRoute('/host/insights')({
  staticData: {
    hostPage: {
      title: 'Insights',
      description:
        'How the evenings fill, what came in and went back, who came and came again, across dates and events.',
    },
  },
  // The filters live in the address: a view can be shared, reloaded and gone back to.
  validateSearch: parseInsightsSearch,
  // The request, not the period's name: choosing "A custom range" shows its two days without asking
  // again, and the numbers are asked for when the range is applied.
  loaderDeps: ({ search }) => request(queryOf(search, istToday())),
  loader: ({ context, deps }) => loadInsights(context.host, deps),
  component: function HostInsights() {
    const navigate = Route.useNavigate()
    const query = queryOf(Route.useSearch(), istToday())
    return (
      <HostInsightsPage
        {...Route.useLoaderData()}
        query={query}
        onAsk={(next) => void navigate({ search: searchOf(next), replace: true })}
      />
    )
  },
})
