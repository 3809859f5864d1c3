/**
 * The evening after (/my-bookings/<orderId>/after), for a guest who came: rate it, pick the guests
 * they would meet again, see who picked them back, and report or block someone. Everything here
 * is decided by the server (who came, whether it is still open, who connected); the page shows
 * what it answers. The feedback typed is kept on the device until it is sent.
 */
import { Link } from '@tanstack/react-router'
import {
  AFTER_MESSAGES,
  type AfterNightView,
  blockGuestCall,
  COMMENT_MAX,
  CONTACT_LABELS,
  feedbackSchema,
  type GuestView,
  getAfterNightCall,
  IMPROVE_LABELS,
  IMPROVE_OPTIONS,
  type ImproveOption,
  pickGuestCall,
  REPORT_REASON_LABELS,
  saveFeedbackCall,
} from '@yaari/domain/after-night'
import { formatLongDate, istToday } from '@yaari/domain/schedule'
import { useCallback, useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { container, flex, flow, wrap } from 'styled-system/patterns'
import { button, card, chip, heading, link, text } from 'styled-system/recipes'
import * as v from 'valibot'
import { useCatalogue } from '../../lib/catalogue'
import { usePageMeta } from '../../lib/page-meta'
import { LOGIN_LINK } from '../../lib/paths'
import { Button } from '../../ui/button'
import { MultiChoiceCards, SingleChoiceCards } from '../../ui/choice-cards'
import { Dialog } from '../../ui/dialog'
import { TextAreaField } from '../../ui/field'
import { showToast } from '../../ui/toast'
import { AFTER_PAGE_MESSAGES, afterErrorMessage, callAfter, dropDraft, keepDraft, readDraft } from './after-night-calls'
import { ReportDialog } from './report-dialog'
import { useSignedInLoad } from './use-signed-in-load'

const RATING_OPTIONS = [
  { value: '1', label: '1: Not for me' },
  { value: '2', label: '2: Meh' },
  { value: '3', label: '3: Good' },
  { value: '4', label: '4: Great' },
  { value: '5', label: '5: Loved it' },
]
const IMPROVE_CHOICES = IMPROVE_OPTIONS.map((value) => ({ value, label: IMPROVE_LABELS[value] }))

interface FeedbackForm {
  rating?: number
  comment: string
  improve: ImproveOption[]
}

const storedFeedback = (form: unknown): FeedbackForm | undefined => {
  const parsed = v.safeParse(
    v.object({
      rating: v.optional(v.number()),
      comment: v.string(),
      improve: v.array(v.picklist(IMPROVE_OPTIONS)),
    }),
    form,
  )
  return parsed.success ? parsed.output : undefined
}

const closesText = (closesAt: string) => formatLongDate(istToday(new Date(closesAt)))

function Feedback({ view, uid, onSaved }: { view: AfterNightView; uid: string; onSaved: () => void }) {
  const what = `feedback:${view.orderId}`
  const [form, setForm] = useState<FeedbackForm>({
    rating: view.feedback?.rating,
    comment: view.feedback?.comment ?? '',
    improve: view.feedback?.improve ?? [],
  })
  const [restored, setRestored] = useState(false)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    void readDraft(uid, what, storedFeedback).then((draft) => {
      if (draft) {
        setForm(draft)
        setRestored(true)
      }
    })
  }, [uid, what])

  const change = (next: FeedbackForm) => {
    setForm(next)
    setError(undefined)
    void keepDraft(uid, what, next)
  }

  const send = async () => {
    const parsed = v.safeParse(feedbackSchema, { orderId: view.orderId, ...form })
    if (!parsed.success) return setError(parsed.issues[0].message)
    setBusy(true)
    try {
      await callAfter(saveFeedbackCall, parsed.output)
      await dropDraft(uid, what)
      setRestored(false)
      void showToast({ title: 'Thank you: your feedback is saved.', type: 'success' })
      onSaved()
    } catch (caught) {
      setError(afterErrorMessage(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="feedback" className={flow({ gap: '4' })}>
      <h2 id="feedback" className={heading({ level: 'section' })}>
        How was the evening?
      </h2>
      {restored ? <p className={text({ tone: 'muted' })}>Restored what you typed on this device.</p> : null}
      <SingleChoiceCards
        label="Your rating"
        options={RATING_OPTIONS}
        value={form.rating === undefined ? undefined : String(form.rating)}
        onChange={(value) => change({ ...form, rating: Number(value) })}
        invalid={error === AFTER_MESSAGES.ratingRequired}
      />
      <TextAreaField
        label="Anything you want to tell us? (optional)"
        value={form.comment}
        rows={4}
        maxLength={COMMENT_MAX}
        hint={`${form.comment.length} of ${COMMENT_MAX} characters. Your host reads it, without your name.`}
        onChange={(event) => change({ ...form, comment: event.target.value })}
      />
      <MultiChoiceCards
        label="What could be better? (optional)"
        options={IMPROVE_CHOICES}
        value={form.improve}
        onChange={(value) => change({ ...form, improve: value as ImproveOption[] })}
      />
      {error ? (
        <p role="alert" className={text({ tone: 'error' })}>
          {error}
        </p>
      ) : null}
      <Button
        loading={busy}
        loadingText="Sending…"
        onClick={() => void send()}
        className={css({ justifySelf: 'start' })}
      >
        {view.feedback ? 'Update feedback' : 'Send feedback'}
      </Button>
    </section>
  )
}

function GuestItem({
  guest,
  view,
  onChanged,
}: {
  guest: GuestView
  view: AfterNightView
  onChanged: (next?: Partial<GuestView>) => void
}) {
  const [busy, setBusy] = useState(false)
  const [blocking, setBlocking] = useState(false)
  const [reporting, setReporting] = useState(false)
  const [error, setError] = useState<string>()
  const styles = card({ variant: 'outline' })

  const pick = async () => {
    setBusy(true)
    setError(undefined)
    try {
      const answer = await callAfter(pickGuestCall, {
        orderId: view.orderId,
        guestId: guest.guestId,
        picked: !guest.picked,
      })
      onChanged({ picked: answer.picked, connected: answer.connected })
      if (answer.connected && !guest.connected) {
        void showToast({ title: `You and ${guest.firstName} picked each other!`, type: 'success' })
      }
    } catch (caught) {
      setError(afterErrorMessage(caught))
    } finally {
      setBusy(false)
    }
  }

  const block = async () => {
    setBusy(true)
    try {
      await callAfter(blockGuestCall, { orderId: view.orderId, guestId: guest.guestId })
      setBlocking(false)
      void showToast({ title: `${guest.firstName} is blocked.`, type: 'success' })
      onChanged()
    } catch (caught) {
      setError(afterErrorMessage(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <li className={cx(styles.root, styles.body, flow({ gap: '3' }))}>
      <div className={wrap({ gap: '3', alignItems: 'center' })}>
        {guest.photoUrl ? (
          <img
            src={guest.photoUrl}
            alt=""
            width={48}
            height={48}
            className={css({ w: '12', h: '12', borderRadius: 'full', objectFit: 'cover' })}
          />
        ) : (
          <span
            aria-hidden="true"
            className={css({
              w: '12',
              h: '12',
              borderRadius: 'full',
              display: 'grid',
              placeItems: 'center',
              bg: 'accent.subtle',
              fontWeight: 'bold',
            })}
          >
            {guest.firstName.slice(0, 1)}
          </span>
        )}
        <h3 className={heading({ level: 'card' })}>{guest.firstName}</h3>
        {guest.connected ? <span className={chip({ variant: 'subtle' }).root}>Connected</span> : null}
      </div>
      <div className={wrap({ gap: '2' })}>
        {view.open ? (
          <Button
            variant={guest.picked ? 'solid' : 'outline'}
            aria-pressed={guest.picked}
            loading={busy}
            onClick={() => void pick()}
          >
            {guest.picked ? 'Would meet again' : 'Meet again?'}
            <span className={css({ srOnly: true })}> {guest.firstName}</span>
          </Button>
        ) : null}
        {/* Report and Block stay together on a narrow phone: neither wraps to a line of its own. */}
        <div className={flex({ gap: '2' })}>
          {view.open && !guest.reported ? (
            <Button variant="ghost" onClick={() => setReporting(true)}>
              Report<span className={css({ srOnly: true })}> {guest.firstName}</span>
            </Button>
          ) : null}
          <Button variant="ghost" onClick={() => setBlocking(true)}>
            Block<span className={css({ srOnly: true })}> {guest.firstName}</span>
          </Button>
        </div>
      </div>
      {error ? (
        <p role="alert" className={text({ tone: 'error' })}>
          {error}
        </p>
      ) : null}
      <Dialog
        open={blocking}
        onOpenChange={setBlocking}
        title={`Block ${guest.firstName}?`}
        description="You will never see each other in these lists again, and you can never connect. They are not told."
      >
        <div className={wrap({ gap: '3', mt: '5' })}>
          <Button loading={busy} onClick={() => void block()}>
            Block {guest.firstName}
          </Button>
          <Button variant="outline" onClick={() => setBlocking(false)}>
            Keep
          </Button>
        </div>
      </Dialog>
      {reporting ? (
        <ReportDialog
          orderId={view.orderId}
          guest={guest}
          onClose={(sent) => {
            setReporting(false)
            if (sent) onChanged({ reported: true })
          }}
        />
      ) : null}
    </li>
  )
}

export function AfterNightPage({ orderId }: { orderId: string }) {
  const catalogue = useCatalogue()
  const fetchView = useCallback(() => callAfter(getAfterNightCall, { orderId }), [orderId])
  const { auth, loaded: load, refresh, replace } = useSignedInLoad(fetchView)

  const view = load.state === 'ready' ? load.value : undefined
  const event = view ? catalogue.eventById(view.eventId) : undefined
  usePageMeta({
    title: event ? `How was ${event.title}?` : 'How was the evening?',
    description: 'Rate the evening, pick who you would meet again, or report someone.',
  })

  const page = container({ maxW: '3xl', py: '10' })
  if (auth.status === 'signed-out') {
    return (
      <div className={cx(page, flow({ gap: '4' }))}>
        <h1 className={heading({ level: 'page' })}>How was the evening?</h1>
        <p>{AFTER_PAGE_MESSAGES.signIn}</p>
        <Link to={LOGIN_LINK.to} className={button({ size: 'lg' })}>
          Sign in
        </Link>
      </div>
    )
  }
  if (!view) {
    return (
      <div className={cx(page, flow({ gap: '4' }))}>
        <h1 className={heading({ level: 'page' })}>How was the evening?</h1>
        {load.state === 'error' ? (
          <>
            <p role="alert">{load.message}</p>
            <Button variant="outline" className={css({ justifySelf: 'start' })} onClick={() => void refresh()}>
              Try again
            </Button>
          </>
        ) : (
          <p aria-live="polite">{AFTER_PAGE_MESSAGES.loading}</p>
        )}
        <Link to="/my-bookings" className={link()}>
          Back to My bookings
        </Link>
      </div>
    )
  }

  const update = (guestId: string, next?: Partial<GuestView>) => {
    if (!next) return void refresh()
    replace({ ...view, guests: view.guests.map((g) => (g.guestId === guestId ? { ...g, ...next } : g)) })
    if (next.connected || next.reported) void refresh()
  }

  return (
    <div className={cx(page, flow({ gap: '8' }))}>
      <div className={flow({ gap: '2' })}>
        <h1 className={heading({ level: 'page' })}>How was {event?.title ?? 'the evening'}?</h1>
        <p className={text({ tone: 'muted' })}>
          {formatLongDate(view.eventDate)}.{' '}
          {view.open
            ? `Open until ${closesText(view.closesAt)}.`
            : `This closed on ${closesText(view.closesAt)}: feedback, picks and reports are no longer taken.`}
        </p>
      </div>

      {view.open && auth.member ? <Feedback view={view} uid={auth.member.uid} onSaved={() => void refresh()} /> : null}

      <section aria-labelledby="meet-again" className={flow({ gap: '4' })}>
        <h2 id="meet-again" className={heading({ level: 'section' })}>
          Who would you meet again?
        </h2>
        <p>
          Nobody is told who picked them. When two of you pick each other, you are connected, and each of you sees what
          the other chose to share.
        </p>
        {view.guests.length === 0 ? (
          <p className={text({ tone: 'muted' })}>No other guests to show.</p>
        ) : (
          <ul className={flow({ gap: '3' })}>
            {view.guests.map((guest) => (
              <GuestItem
                key={guest.guestId}
                guest={guest}
                view={view}
                onChanged={(next) => update(guest.guestId, next)}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="connections" className={flow({ gap: '3' })}>
        <h2 id="connections" className={heading({ level: 'section' })}>
          Your connections from this evening
        </h2>
        {view.connections.length === 0 ? (
          <p className={text({ tone: 'muted' })}>None yet.</p>
        ) : (
          <ul className={flow({ gap: '2' })}>
            {view.connections.map((connection) => (
              <li key={connection.connectionId}>
                <strong>{connection.firstName}</strong>:{' '}
                {connection.contact
                  ? `${CONTACT_LABELS[connection.contact.kind]} ${connection.contact.value}`
                  : 'shares nothing yet'}
              </li>
            ))}
          </ul>
        )}
        <Link to="/profile/connections" className={link()}>
          Choose what you share with connections
        </Link>
      </section>

      {view.reports.length > 0 ? (
        <section aria-labelledby="reports" className={flow({ gap: '3' })}>
          <h2 id="reports" className={heading({ level: 'section' })}>
            Your reports
          </h2>
          <ul className={flow({ gap: '2' })}>
            {view.reports.map((report) => (
              <li key={report.guestId}>
                {report.firstName} ({REPORT_REASON_LABELS[report.reason]}):{' '}
                {report.lookedAt ? 'Our team has looked at your report.' : 'Sent. Our team will look at it.'}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
