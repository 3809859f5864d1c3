import { createFileRoute } from '@tanstack/react-router'
import { HelpPage } from '../features/info-pages/help-page'

export const Route = createFileRoute('/help')({ component: HelpPage })
