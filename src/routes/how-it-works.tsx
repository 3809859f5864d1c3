import { createFileRoute } from '@tanstack/react-router'
import { HowItWorksPage } from '../features/info-pages/how-it-works-page'

export const Route = createFileRoute('/how-it-works')({ component: HowItWorksPage })
