import { createFileRoute } from '@tanstack/react-router'
import { PreferencesStep } from '../../features/profile/preferences-step'

/** ?part=gender is the second half of the step (profession first, then gender). */
export const Route = createFileRoute('/onboarding/preferences')({
  validateSearch: (search: Record<string, unknown>): { part?: 'gender' } =>
    search.part === 'gender' ? { part: 'gender' } : {},
  component: function Preferences() {
    const { part } = Route.useSearch()
    return <PreferencesStep part={part ?? 'profession'} />
  },
})
