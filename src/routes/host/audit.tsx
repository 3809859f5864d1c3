import { createFileRoute } from '@tanstack/react-router'
import { HostAuditPage } from '../../features/host/audit-page'

export const Route = createFileRoute('/host/audit')({ component: HostAuditPage })
