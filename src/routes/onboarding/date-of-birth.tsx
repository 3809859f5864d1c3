import { createFileRoute } from '@tanstack/react-router'
import { DateOfBirthStep } from '../../features/profile/date-of-birth-step'

export const Route = createFileRoute('/onboarding/date-of-birth')({ component: DateOfBirthStep })
