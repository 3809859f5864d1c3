import { createFileRoute } from '@tanstack/react-router'
import { ConnectionsPage } from '../features/after-night/connections-page'

/** A member's connections and what they share with them: its code loads only when opened. */
export const Route = createFileRoute('/profile_/connections')({ component: ConnectionsPage })
