import { useState } from 'react'
import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { text } from 'styled-system/recipes'
import { useStore } from 'zustand'
import { AUTH_MESSAGES } from '../../lib/session/auth-errors'
import { useAuthSubmit } from '../../lib/session/use-auth-submit'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/field'
import { CredentialField, CurrentPasswordField } from '../../ui/password-field'
import { PhoneSignInForm, phoneSignIn } from './phone-sign-in-form'

const formStyle = grid({ gap: '4', mt: '6' })
const errorStyle = text({ tone: 'error' })

function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className={errorStyle}>
      {message}
    </p>
  ) : null
}

function EmailField(props: { value: string; onChange: (email: string) => void }) {
  return <CredentialField kind="email" {...props} />
}

/** A new password and its confirmation: what is wrong with each, as the member types. */
function newPasswordProblems(password: string, confirmation: string) {
  return {
    password: password && password.length < 6 ? AUTH_MESSAGES.passwordTooShort : undefined,
    confirmation: confirmation && confirmation !== password ? AUTH_MESSAGES.passwordsDiffer : undefined,
  }
}

/** The two new-password fields (sign-up and reset), with their messages. */
function NewPasswordFields({
  labels,
  password,
  confirmation,
  onChange,
}: {
  labels: [password: string, confirmation: string]
  password: string
  confirmation: string
  onChange: (key: 'password' | 'confirmPassword', value: string) => void
}) {
  const problems = newPasswordProblems(password, confirmation)
  const field = (key: 'password' | 'confirmPassword', label: string, value: string, error: string | undefined) => (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      required
      value={value}
      onChange={(e) => onChange(key, e.target.value)}
      error={error}
      hint={key === 'password' ? 'At least 6 characters' : undefined}
    />
  )
  return (
    <>
      {field('password', labels[0], password, problems.password)}
      {field('confirmPassword', labels[1], confirmation, problems.confirmation)}
    </>
  )
}

/** Email and password sign-in (both required), with 'Forgot password?' for the reset link. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [forgot, setForgot] = useState(false)
  const byPhone = useStore(phoneSignIn, (state) => state.open)
  const setByPhone = (open: boolean) => phoneSignIn.setState({ open, notice: undefined })
  const { error, busy, onSubmit } = useAuthSubmit(
    () => (!email.trim() || !password ? 'Please enter your email and password.' : undefined),
    async () => {
      const { signIn } = await import('../../lib/session/auth-actions')
      await signIn(email, password)
      await onSignedIn()
    },
  )

  if (forgot) return <ForgotPasswordForm email={email} onEmailChange={setEmail} onBack={() => setForgot(false)} />
  if (byPhone) return <PhoneSignInForm onSignedIn={onSignedIn} onBack={() => setByPhone(false)} />
  return (
    <form noValidate className={formStyle} onSubmit={onSubmit}>
      <EmailField value={email} onChange={setEmail} />
      <CurrentPasswordField value={password} onChange={setPassword} />
      <FormError message={error} />
      <Button type="submit" size="lg" loading={busy} loadingText="Signing in...">
        Sign In
      </Button>
      <Button type="button" variant="ghost" onClick={() => setForgot(true)}>
        Forgot password?
      </Button>
      <Button type="button" variant="outline" onClick={() => setByPhone(true)}>
        Sign in with your phone
      </Button>
    </form>
  )
}

/** Asks Firebase for the password reset email; says the same whether or not the account exists. */
function ForgotPasswordForm({
  email,
  onEmailChange,
  onBack,
}: {
  email: string
  onEmailChange: (email: string) => void
  onBack: () => void
}) {
  const [sent, setSent] = useState(false)
  const { error, busy, onSubmit } = useAuthSubmit(
    () => (email.trim() ? undefined : AUTH_MESSAGES.enterEmail),
    async () => {
      setSent(false)
      const { requestPasswordReset } = await import('../../lib/session/auth-actions')
      await requestPasswordReset(email)
      setSent(true)
    },
    AUTH_MESSAGES.offlineReset,
  )
  return (
    <form noValidate className={formStyle} onSubmit={onSubmit} aria-labelledby="reset-title">
      <h2 id="reset-title" className={text({ weight: 'semibold', size: 'lg' })}>
        Reset your password
      </h2>
      <p className={text({ tone: 'muted' })}>We'll email you a link to set a new password.</p>
      <EmailField value={email} onChange={onEmailChange} />
      <FormError message={error} />
      {sent ? <p role="status">{AUTH_MESSAGES.resetSent}</p> : null}
      <Button type="submit" size="lg" loading={busy} loadingText="Sending...">
        Send reset link
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  )
}

/** A new password, twice (at least 6 characters, the same both times). */
export function NewPasswordForm({
  email,
  onSubmit: submit,
}: {
  email: string
  onSubmit: (password: string) => Promise<void>
}) {
  const [values, setValues] = useState({ password: '', confirmPassword: '' })
  const problems = newPasswordProblems(values.password, values.confirmPassword)
  const { error, busy, onSubmit } = useAuthSubmit(
    () =>
      !values.password || !values.confirmPassword
        ? 'Please fill in all fields.'
        : (problems.password ?? problems.confirmation),
    () => submit(values.password),
  )
  return (
    <form noValidate className={formStyle} onSubmit={onSubmit}>
      <p className={text({ tone: 'muted' })}>For {email}</p>
      <NewPasswordFields
        labels={['New password', 'Confirm new password']}
        password={values.password}
        confirmation={values.confirmPassword}
        onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
      />
      <FormError message={error !== problems.password && error !== problems.confirmation ? error : undefined} />
      <Button type="submit" size="lg" loading={busy} loadingText="Saving...">
        Set new password
      </Button>
    </form>
  )
}

/**
 * Sign-up (four fields, password at least 6, matching confirmation). When the account
 * must be confirmed first, the form is replaced by the 'check your email' message.
 */
export function SignUpForm({ onSignedUp }: { onSignedUp: (result: { session: boolean }) => Promise<void> }) {
  const [awaitingConfirmation, setAwaitingConfirmation] = useState(false)
  const [values, setValues] = useState({ name: '', email: '', password: '', confirmPassword: '' })
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [key]: e.target.value }))
  const problems = newPasswordProblems(values.password, values.confirmPassword)
  const { error, busy, onSubmit } = useAuthSubmit(
    () =>
      !values.name.trim() || !values.email.trim() || !values.password || !values.confirmPassword
        ? 'Please fill in all fields.'
        : (problems.password ?? problems.confirmation),
    async () => {
      const { signUp } = await import('../../lib/session/auth-actions')
      const result = await signUp(values.name, values.email, values.password)
      if (!result.session) setAwaitingConfirmation(true)
      await onSignedUp(result)
    },
    AUTH_MESSAGES.offlineSignUp,
  )
  if (awaitingConfirmation) {
    return (
      <p role="status" className={css({ mt: '6', p: '4', bg: 'bg.muted', borderRadius: 'l2', fontWeight: 'semibold' })}>
        {AUTH_MESSAGES.checkEmail}
      </p>
    )
  }

  return (
    <form noValidate className={formStyle} onSubmit={onSubmit}>
      <TextField label="Full name" autoComplete="name" required value={values.name} onChange={set('name')} />
      <EmailField value={values.email} onChange={(email) => setValues((current) => ({ ...current, email }))} />
      <NewPasswordFields
        labels={['Password', 'Confirm password']}
        password={values.password}
        confirmation={values.confirmPassword}
        onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
      />
      {/* A field's own error already shows beside it. */}
      <FormError message={error !== problems.password && error !== problems.confirmation ? error : undefined} />
      <Button type="submit" size="lg" loading={busy} loadingText="Creating your account...">
        Sign Up
      </Button>
    </form>
  )
}
