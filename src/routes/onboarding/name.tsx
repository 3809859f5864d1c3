import { createFileRoute } from '@tanstack/react-router'
import { NameStep } from '../../features/profile/name-step'

export const Route = createFileRoute('/onboarding/name')({ component: NameStep })
