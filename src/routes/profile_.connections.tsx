import { createFileRoute } from '@tanstack/react-router'
import { ConnectionsPage } from '../features/after-night/connections-page'
import { loadConnections } from '../features/after-night/loaders'

/** A member's connections and what they share with them: its code loads only when opened. */
export const Route = createFileRoute('/profile_/connections')({
  // The server's first answer, started before the page renders (the page does not wait for it).
  loader: () => loadConnections(),
  component: function Connections() {
    return <ConnectionsPage {...Route.useLoaderData()} />
  },
})
