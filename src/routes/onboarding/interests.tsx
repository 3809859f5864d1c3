import { createFileRoute } from '@tanstack/react-router'
import { InterestsStep } from '../../features/profile/interests-step'

export const Route = createFileRoute('/onboarding/interests')({ component: InterestsStep })
