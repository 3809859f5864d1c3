import { createFileRoute } from '@tanstack/react-router'
import { HostDatesPage } from '../../features/host/host-pages'

/** The console's first screen: the host's next dates first. Its code loads when a host opens it. */
export const Route = createFileRoute('/host/')({ component: HostDatesPage })
