import { createFileRoute } from '@tanstack/react-router'
import { MobileStep } from '../../features/onboarding/mobile-step'

export const Route = createFileRoute('/onboarding/mobile')({ component: MobileStep })
