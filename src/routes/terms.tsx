import { createFileRoute } from '@tanstack/react-router'
import { TermsPage } from '../features/info-pages/terms-page'

export const Route = createFileRoute('/terms')({ component: TermsPage })
