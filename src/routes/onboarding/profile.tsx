import { createFileRoute } from '@tanstack/react-router'
import { ProfileFormPage } from '../../features/profile/profile-form-page'

export const Route = createFileRoute('/onboarding/profile')({ component: ProfileFormPage })
