/**
 * Sign in with your phone: a member whose number is verified on their account signs in with a
 * code sent by SMS instead of their password (email sign-in stays). A number no account verified
 * signs nobody in, and says to sign in with the email instead.
 */
import { useState } from 'react'
import { grid } from 'styled-system/patterns'
import { text } from 'styled-system/recipes'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { usePhoneCode } from '../../lib/phone-code'
import { Button } from '../../ui/button'
import { MobileField, mobileIssue } from '../../ui/mobile-field'
import { PhoneCodeFields, RecaptchaSlot } from '../../ui/phone-code-fields'

const formStyle = grid({ gap: '4', mt: '6' })

/**
 * Whether the Sign In tab shows this form, and what it last said. Kept outside the form: a code for
 * a number no account holds signs a new, empty account in for a moment (then deletes it), and the
 * page redraws its tabs for each change of who is signed in.
 */
export const phoneSignIn = createStore<{ open: boolean; notice?: string }>(() => ({ open: false }))

export function PhoneSignInForm({ onSignedIn, onBack }: { onSignedIn: () => Promise<void>; onBack: () => void }) {
  const phone = usePhoneCode('sign-in', (message) => phoneSignIn.setState({ notice: message }))
  const notice = useStore(phoneSignIn, (state) => state.notice)
  const [mobile, setMobile] = useState('')
  const [showErrors, setShowErrors] = useState(false)
  const [code, setCode] = useState('')
  const issue = mobileIssue(mobile)

  return (
    <form
      noValidate
      className={formStyle}
      aria-labelledby="phone-sign-in-title"
      onSubmit={async (event) => {
        event.preventDefault()
        if (!phone.sent) {
          setShowErrors(true)
          if (!issue && (await phone.send(mobile))) setCode('')
          return
        }
        phoneSignIn.setState({ notice: undefined })
        if (await phone.check(code)) {
          phoneSignIn.setState({ open: false })
          await onSignedIn()
        }
      }}
    >
      <h2 id="phone-sign-in-title" className={text({ weight: 'semibold', size: 'lg' })}>
        Sign in with your phone
      </h2>
      {notice && !phone.error ? (
        <p role="alert" className={text({ tone: 'error' })}>
          {notice}
        </p>
      ) : null}
      {phone.sent ? (
        <PhoneCodeFields phone={phone} code={code} onCode={setCode} />
      ) : (
        <>
          <p className={text({ tone: 'muted' })}>For members who verified their mobile. We send a code by SMS.</p>
          <MobileField
            label="Mobile number"
            digits={mobile}
            onChange={setMobile}
            onBlur={() => mobile && setShowErrors(true)}
            showError={showErrors}
            error={phone.error}
          />
        </>
      )}
      <RecaptchaSlot phone={phone} />
      <Button
        type="submit"
        size="lg"
        loading={phone.busy !== undefined}
        loadingText={phone.busy === 'send' ? 'Sending a code…' : 'Signing in...'}
      >
        {phone.sent ? 'Sign In' : 'Send code'}
      </Button>
      <Button
        type="button"
        variant="ghost"
        onClick={() => {
          if (phone.sent) phone.reset()
          else onBack()
        }}
      >
        {phone.sent ? 'Change number' : 'Sign in with email instead'}
      </Button>
    </form>
  )
}
