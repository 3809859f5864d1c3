import { useNavigate } from '@tanstack/react-router'
import { ACCOUNT_DATA_MESSAGES, deleteMyAccountCall, exportFileName, exportMyDataCall } from '@yaari/domain/account'
import type { BookingView } from '@yaari/domain/booking'
import type { Catalogue } from '@yaari/domain/catalogue'
import { errorCode } from '@yaari/domain/error-code'
import { formatInr } from '@yaari/domain/money'
import { cancellationRefund } from '@yaari/domain/refund-policy'
import { eventStartInstant, formatLongDate } from '@yaari/domain/schedule'
import { useState } from 'react'
import { grid } from 'styled-system/patterns'
import { bullets, heading, text } from 'styled-system/recipes'
import { call, type SpokenWords, useAction } from '../../lib/call'
import { useCatalogue } from '../../lib/catalogue'
import { useMyBookings } from '../../lib/member-data/hooks'
import { saveFile } from '../../lib/save-file'
import { confirmPassword } from '../../lib/session/auth-actions'
import { AUTH_MESSAGES, authErrorMessage } from '../../lib/session/auth-errors'
import { signOutAndForget } from '../../lib/session/sign-out'
import { useAuthSubmit } from '../../lib/session/use-auth-submit'
import { useOnline } from '../../lib/use-online'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { CurrentPasswordField } from '../../ui/password-field'
import { StatusNote } from '../../ui/status-note'
import { showToast } from '../../ui/toast'

const HOUR = 3_600_000

const EXPORT_FAILED = 'We couldn’t prepare your file. Please try again.'
/** The file's one refusal of its own is too many exports; anything else is worth another try. */
const EXPORT_WORDS: SpokenWords = {
  offline: EXPORT_FAILED,
  unexpected: EXPORT_FAILED,
  speaks: [],
  byCode: { 'functions/resource-exhausted': ACCOUNT_DATA_MESSAGES.tooManyExports },
}

/** What deleting the account does to each confirmed booking still ahead: its refund now. */
export function upcomingOutcomes(catalogue: Catalogue, bookings: readonly BookingView[], now: Date = new Date()) {
  return bookings.flatMap((booking) => {
    const event = catalogue.eventById(booking.eventId)
    if (!event || booking.status !== 'confirmed') return []
    const startsAt = eventStartInstant(booking.eventDate, event.startTime)
    const refund = cancellationRefund(booking.amount, startsAt, now)
    if (!refund) return []
    const soon = startsAt.getTime() - now.getTime() < 48 * HOUR
    return [
      {
        orderId: booking.orderId,
        text: `${event.title}, ${formatLongDate(booking.eventDate)}${soon ? ' (starts within 48 hours)' : ''}: cancelled, ${
          refund.amount > 0 ? `${formatInr(refund.amount)} of ${formatInr(booking.amount)} refunded` : 'no refund'
        }.`,
      },
    ]
  })
}

/** The profile page's 'Your data': download a copy, or delete the account. */
export function YourData() {
  const online = useOnline()
  const exporting = useAction(
    async () => {
      // No time limit of our own: gathering everything may take the server a while.
      const data = await call(exportMyDataCall, {}, { timeoutMs: 0 })
      saveFile(exportFileName(data.exported_at), JSON.stringify(data, null, 2), 'application/json')
    },
    EXPORT_WORDS,
    (message) => void showToast({ title: message, type: 'error' }),
  )
  const [deleting, setDeleting] = useState(false)

  return (
    <section aria-labelledby="your-data" className={grid({ gap: '3', mt: '8', justifyItems: 'start' })}>
      <h2 id="your-data" className={heading({ level: 'section' })}>
        Your data
      </h2>
      <p>{ACCOUNT_DATA_MESSAGES.download}</p>
      <Button
        variant="outline"
        loading={exporting.busy}
        loadingText="Preparing your file…"
        disabled={!online}
        onClick={() => void exporting.run()}
      >
        Download my data
      </Button>
      <p>{ACCOUNT_DATA_MESSAGES.delete}</p>
      <Button variant="outline" disabled={!online} onClick={() => setDeleting(true)}>
        Delete my account
      </Button>
      {online ? null : <p className={text({ tone: 'muted' })}>These need a connection.</p>}
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </section>
  )
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate()
  const catalogue = useCatalogue()
  const [password, setPassword] = useState('')
  // What happens to the member's upcoming bookings, before they confirm: the device's list, asked
  // of the server again as the dialog opens.
  const mine = useMyBookings()
  const snapshot = mine.status === 'signed-in' ? mine.snapshot : undefined
  const firstLook =
    snapshot?.refreshedAt === undefined && mine.status === 'signed-in' && mine.refresh?.status === 'refreshing'
  const outcomes = snapshot && !firstLook ? upcomingOutcomes(catalogue, snapshot.data.bookings) : undefined
  const { error, busy, onSubmit } = useAuthSubmit(
    () => (password ? undefined : 'Please enter your password.'),
    async () => {
      await confirmPassword(password)
      await call(deleteMyAccountCall, {}, { timeoutMs: 0 })
      await signOutAndForget()
      void showToast({ title: ACCOUNT_DATA_MESSAGES.deleted, type: 'success' })
      await navigate({ to: '/' })
    },
    AUTH_MESSAGES.offline,
    // A wrong password says so as signing in does; the function's refusals say theirs.
    (failure) => {
      const code = errorCode(failure)
      if (typeof code === 'string' && code.startsWith('auth/')) return authErrorMessage(failure)
      return (failure as { message?: string } | null)?.message ?? 'We couldn’t delete your account. Please try again.'
    },
  )

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Delete your account?"
      description="Your profile, photos, waitlist places and unpaid seat holds are deleted, and you can no longer sign in. This cannot be undone."
    >
      <form noValidate className={grid({ gap: '4' })} onSubmit={onSubmit}>
        {outcomes === undefined ? (
          <StatusNote>Checking your upcoming bookings…</StatusNote>
        ) : outcomes.length ? (
          <div>
            <p className={text({ weight: 'semibold' })}>{ACCOUNT_DATA_MESSAGES.upcomingBooking}</p>
            <ul className={bullets()}>
              {outcomes.map((outcome) => (
                <li key={outcome.orderId}>{outcome.text}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <CurrentPasswordField
          value={password}
          onChange={setPassword}
          error={error}
          hint="We ask for it again to be sure it is you."
        />
        <Button type="submit" loading={busy} loadingText="Deleting your account…">
          Delete my account
        </Button>
      </form>
    </Dialog>
  )
}
