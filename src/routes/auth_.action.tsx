import { createFileRoute } from '@tanstack/react-router'
import { AuthActionPage, type AuthActionSearch } from '../features/account/auth-action-page'

/** Firebase's account email links: `?mode=resetPassword|verifyEmail&oobCode=...`. */
export const Route = createFileRoute('/auth_/action')({
  validateSearch: (search: Record<string, unknown>): AuthActionSearch => ({
    ...(typeof search.mode === 'string' ? { mode: search.mode } : {}),
    ...(typeof search.oobCode === 'string' ? { oobCode: search.oobCode } : {}),
  }),
  component: function AuthAction() {
    const search = Route.useSearch()
    return <AuthActionPage {...search} />
  },
})
