import { createFileRoute } from '@tanstack/react-router'
import type { Catalogue } from '@yaari/domain/catalogue'
import { HostLayout } from '../../features/host/host-layout'
import { hostAccess } from '../../lib/host-access'

/** A console page's title and description, the same whoever opens it (a host, or someone told it is for hosts). */
interface HostPageMeta {
  title: string | ((params: Record<string, string>, catalogue: Catalogue) => string)
  description: string
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    hostPage?: HostPageMeta
  }
}

/**
 * Every console page (/host/...) sits in this layout: the session is decided before a page loads
 * (from the device at once, then checked with Auth), and the layout shows "Hosts only" or the
 * page. The functions refuse anyone else whatever they send; this only chooses what to show.
 */
export const Route = createFileRoute('/host')({
  beforeLoad: ({ preload }) => ({
    host: hostAccess(preload, () => import('../../features/host/host-session').then((module) => module.readSession())),
  }),
  component: function Host() {
    return <HostLayout access={Route.useRouteContext({ select: (context) => context.host })} />
  },
})
