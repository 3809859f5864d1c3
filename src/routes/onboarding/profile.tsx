import { createFileRoute } from '@tanstack/react-router'
import { ProfileFormPage } from '../../features/onboarding/profile-form-page'

export const Route = createFileRoute('/onboarding/profile')({ component: ProfileFormPage })
