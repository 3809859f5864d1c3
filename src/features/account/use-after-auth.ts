import { useNavigate } from '@tanstack/react-router'
import { ONBOARDING_START } from '../../lib/paths'
import { showToast } from '../../ui/toast'
import { AUTH_MESSAGES } from './auth-errors'

/** Navigates where a member belongs after signing in or up. */
export function useAfterAuth() {
  const navigate = useNavigate()
  return {
    afterSignIn: async () => {
      void showToast({ title: AUTH_MESSAGES.signedIn, type: 'success' })
      const { destinationAfterSignIn } = await import('./auth-actions')
      await navigate({ to: await destinationAfterSignIn() })
    },
    afterSignUp: async ({ session }: { session: boolean }) => {
      if (!session) {
        // Confirmation required: the account exists but there is no session yet.
        void showToast({ title: AUTH_MESSAGES.checkEmailTitle, description: AUTH_MESSAGES.checkEmail, type: 'info' })
        return
      }
      void showToast({ title: AUTH_MESSAGES.welcomeTitle, description: AUTH_MESSAGES.welcomeBody, type: 'success' })
      await navigate({ to: ONBOARDING_START })
    },
  }
}
