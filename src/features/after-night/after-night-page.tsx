/**
 * The evening after (/my-bookings/<orderId>/after), for a guest who came: rate it, pick the guests
 * they would meet again, see who picked them back, and report or block someone. Everything here
 * is decided by the server (who came, whether it is still open, who connected); the page shows
 * what it answers. The feedback typed is kept on the device until it is sent.
 */
import { Link } from '@tanstack/react-router'
import { CONTACT_LABELS, type GuestView, getAfterNightCall, REPORT_REASON_LABELS } from '@yaari/domain/after-night'
import { formatLongDate, istToday } from '@yaari/domain/schedule'
import { useCallback } from 'react'
import { css, cx } from 'styled-system/css'
import { container, flow } from 'styled-system/patterns'
import { heading, link, text } from 'styled-system/recipes'
import { call } from '../../lib/call'
import { useCatalogue } from '../../lib/catalogue'
import { usePageMeta } from '../../lib/page-meta'
import { Button } from '../../ui/button'
import { SignInPrompt } from '../../ui/sign-in'
import { AFTER_PAGE_MESSAGES } from './after-night-calls'
import { EveningGuest } from './evening-guest'
import { Feedback } from './feedback'
import type { loadEvening } from './loaders'
import { useSignedInLoad } from './use-signed-in-load'

const closesText = (closesAt: string) => formatLongDate(istToday(new Date(closesAt)))

export function AfterNightPage({
  orderId,
  draft,
  first,
}: { orderId: string } & Partial<Awaited<ReturnType<typeof loadEvening>>>) {
  const catalogue = useCatalogue()
  const fetchView = useCallback(() => call(getAfterNightCall, { orderId }), [orderId])
  const { auth, loaded: load, refresh, replace } = useSignedInLoad(fetchView, first)

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
        <SignInPrompt>{AFTER_PAGE_MESSAGES.signIn}</SignInPrompt>
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

      {view.open && auth.member ? (
        <Feedback view={view} uid={auth.member.uid} saved={draft} onSaved={() => void refresh()} />
      ) : null}

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
              <EveningGuest
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
