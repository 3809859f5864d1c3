import { createFileRoute } from '@tanstack/react-router'
import { HostReportsPage } from '../../features/host/reports-page'

export const Route = createFileRoute('/host/reports')({ component: HostReportsPage })
