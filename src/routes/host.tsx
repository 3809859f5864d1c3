import { createFileRoute } from '@tanstack/react-router'
import { HostDatesPage } from '../features/host/host-pages'

export const Route = createFileRoute('/host')({
  component: HostDatesPage,
})
