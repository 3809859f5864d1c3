import { useNavigate, useRouter } from '@tanstack/react-router'
import { ONBOARDING_START } from '../../lib/paths'
import { AUTH_MESSAGES } from '../../lib/session/auth-errors'
import { takeReturnPath } from '../../lib/session/return-path'
import { showToast } from '../../ui/toast'

/** Navigates where a member belongs after signing in or up (back to a remembered page, when one is). */
export function useAfterAuth() {
  const navigate = useNavigate()
  const router = useRouter()
  return {
    afterSignIn: async () => {
      void showToast({ title: AUTH_MESSAGES.signedIn, type: 'success' })
      const { destinationAfterSignIn } = await import('../../lib/session/auth-actions')
      const destination = await destinationAfterSignIn()
      // A complete profile goes back to the page that sent them here, if any; an incomplete one
      // onboards first and goes back from its last step.
      const back = destination === '/' ? takeReturnPath() : undefined
      if (back) router.history.push(back)
      else await navigate({ to: destination })
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
