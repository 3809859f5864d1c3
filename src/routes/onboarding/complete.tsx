import { createFileRoute } from '@tanstack/react-router'
import { CompleteStep } from '../../features/profile/complete-step'

export const Route = createFileRoute('/onboarding/complete')({ component: CompleteStep })
