import { createFileRoute } from '@tanstack/react-router'
import { AuthPage } from '../features/account/auth-page'

export const Route = createFileRoute('/auth')({
  // `?next=/events/...`: where to go back after signing in (checked again before it is followed).
  validateSearch: (search: Record<string, unknown>): { next?: string } =>
    typeof search.next === 'string' ? { next: search.next } : {},
  component: function Auth() {
    const { next } = Route.useSearch()
    return <AuthPage next={next} />
  },
})
