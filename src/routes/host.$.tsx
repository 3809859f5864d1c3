import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

// The host console, one route for all its pages (/host, /host/audit, /host/<event>/<date>), its code
// fetched when a host opens it: members' first loads carry nothing of it but this route.
const HostConsole = lazy(() => import('../features/host/host-console').then((m) => ({ default: m.HostConsole })))

export const Route = createFileRoute('/host/$')({
  component: function Host() {
    return (
      <Suspense>
        <HostConsole path={Route.useParams()._splat ?? ''} />
      </Suspense>
    )
  },
})
