import { createFileRoute } from '@tanstack/react-router'
import { LocationStep } from '../../features/profile/location-step'

export const Route = createFileRoute('/onboarding/location')({ component: LocationStep })
