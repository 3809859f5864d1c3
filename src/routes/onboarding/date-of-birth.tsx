import { createFileRoute } from '@tanstack/react-router'
import { DateOfBirthStep } from '../../features/onboarding/date-of-birth-step'

export const Route = createFileRoute('/onboarding/date-of-birth')({ component: DateOfBirthStep })
