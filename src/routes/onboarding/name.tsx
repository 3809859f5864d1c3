import { createFileRoute } from '@tanstack/react-router'
import { NameStep } from '../../features/onboarding/name-step'

export const Route = createFileRoute('/onboarding/name')({ component: NameStep })
