import { createFileRoute } from '@tanstack/react-router'
import { PhotoStep } from '../../features/profile/photo-step'

export const Route = createFileRoute('/onboarding/profile-picture')({ component: PhotoStep })
