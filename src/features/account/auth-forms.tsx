import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/field'
import { AUTH_MESSAGES, authErrorMessage } from './auth-errors'

const formStyle = css({ display: 'grid', gap: '4', mt: '6' })
const errorStyle = css({ color: 'fg.error', fontWeight: 'semibold' })

function offlineMessage(): string | undefined {
  return typeof navigator !== 'undefined' && !navigator.onLine ? AUTH_MESSAGES.offline : undefined
}

/** Email and password sign-in (spec: both required). What was typed is kept on any error. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  return (
    <form
      noValidate
      className={formStyle}
      onSubmit={async (event) => {
        event.preventDefault()
        if (!email.trim() || !password) return setError('Please enter your email and password.')
        const offline = offlineMessage()
        if (offline) return setError(offline)
        setBusy(true)
        setError(undefined)
        try {
          const { signIn } = await import('./auth-actions')
          await signIn(email, password)
          await onSignedIn()
        } catch (caught) {
          setError(authErrorMessage(caught))
        } finally {
          setBusy(false)
        }
      }}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error ? (
        <p role="alert" className={errorStyle}>
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" loading={busy} loadingText="Signing in...">
        Sign In
      </Button>
    </form>
  )
}

/** Sign-up: name, email, password and its confirmation, with the spec's messages. */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => Promise<void> }) {
  const [values, setValues] = useState({ name: '', email: '', password: '', confirmPassword: '' })
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [key]: e.target.value }))
  const passwordError = values.password && values.password.length < 6 ? AUTH_MESSAGES.passwordTooShort : undefined
  const confirmError =
    values.confirmPassword && values.confirmPassword !== values.password ? AUTH_MESSAGES.passwordsDiffer : undefined

  return (
    <form
      noValidate
      className={formStyle}
      onSubmit={async (event) => {
        event.preventDefault()
        if (!values.name.trim() || !values.email.trim() || !values.password || !values.confirmPassword) {
          return setError('Please fill in all fields.')
        }
        if (passwordError || confirmError) return setError(passwordError ?? confirmError)
        const offline = offlineMessage()
        if (offline) return setError(offline)
        setBusy(true)
        setError(undefined)
        try {
          const { signUp } = await import('./auth-actions')
          await signUp(values.name, values.email, values.password)
          await onSignedUp()
        } catch (caught) {
          setError(authErrorMessage(caught))
        } finally {
          setBusy(false)
        }
      }}
    >
      <TextField label="Full name" autoComplete="name" required value={values.name} onChange={set('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={set('password')}
        error={passwordError}
        hint="At least 6 characters"
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={confirmError}
      />
      {error && error !== passwordError && error !== confirmError ? (
        <p role="alert" className={errorStyle}>
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" loading={busy} loadingText="Creating your account...">
        Sign Up
      </Button>
    </form>
  )
}
