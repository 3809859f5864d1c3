import { createFileRoute } from '@tanstack/react-router'
import { OnboardingLayout } from '../features/profile/onboarding-layout'

export const Route = createFileRoute('/onboarding')({ component: OnboardingLayout })
