import { createFileRoute } from '@tanstack/react-router'
import { HostAuditPage } from '../features/host/host-pages'

export const Route = createFileRoute('/host_/audit')({
  component: HostAuditPage,
})
