import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { container } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { usePageMeta } from '../../lib/page-meta'
import { useAuthStore, watchAuth } from '../../lib/session/auth-store'
import { SignUpForm } from './auth-forms'
import { useAfterAuth } from './use-after-auth'

/** /signup: the sign-up screen ('Join the Adventure' in the navigation). */
export function SignupPage() {
  const { afterSignUp } = useAfterAuth()
  usePageMeta({
    title: 'Join the Adventure',
    description: 'Create your Yaari account and meet new people at curated events.',
  })
  const navigate = useNavigate()
  useEffect(() => {
    // An existing session found on load: no need to sign up; go where the member belongs
    // (home once onboarding is complete, else its first step), as after signing in.
    void watchAuth().then(async () => {
      if (useAuthStore.getState().status !== 'signed-in') return
      const { destinationAfterSignIn } = await import('../../lib/session/auth-actions')
      await navigate({ to: await destinationAfterSignIn(), replace: true })
    })
  }, [navigate])
  return (
    <div className={container({ maxW: 'md', py: { base: '10', md: '16' } })}>
      <Link to="/" className={button({ variant: 'ghost', size: 'sm' })}>
        Back to Home
      </Link>
      <h1 className={css({ fontSize: '3xl', fontWeight: 'extrabold', mt: '4' })}>Join the Adventure</h1>
      <p className={css({ mt: '2', color: 'fg.muted' })}>Create your account, then your profile.</p>
      <SignUpForm onSignedUp={afterSignUp} />
      <p className={css({ mt: '6' })}>
        Already have an account?{' '}
        <Link to="/auth" className={css({ color: 'accent.text', textDecoration: 'underline', fontWeight: 'semibold' })}>
          Sign in here
        </Link>
      </p>
    </div>
  )
}
