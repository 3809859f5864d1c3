import { createFileRoute } from '@tanstack/react-router'
import { loadHostDates } from '../../features/host/host-loaders'
import { HostDatesPage } from '../../features/host/host-pages'

/** The console's first screen: the host's next dates first. Its code loads when a host opens it. */
export const Route = createFileRoute('/host/')({
  staticData: {
    hostPage: { title: 'Host console', description: 'Your upcoming Yaari dates: seats, guests, venue and money.' },
  },
  // The dates of the lists this device saved, shown at once; the server's answer replaces them.
  loader: ({ context }) => loadHostDates(context.host),
  component: function HostDates() {
    return <HostDatesPage {...Route.useLoaderData()} />
  },
})
