import { createFileRoute } from '@tanstack/react-router'
import { MobileStep } from '../../features/profile/mobile-step'

export const Route = createFileRoute('/onboarding/mobile')({ component: MobileStep })
