/**
 * A date's evening after, on its console page: who came (the door's check-ins, or a host's marks
 * where the door was not used, until the morning after asks the guests), then how it went: the
 * average rating, the comments, what guests would improve and how many connections were made
 * (a number, never who), and the evening's alerts (`children`).
 */
import { IMPROVE_LABELS, IMPROVE_OPTIONS } from '@yaari/domain/after-night'
import { MORNING_AFTER_AT } from '@yaari/domain/after-night-rules'
import type { GuestList, NightSummary } from '@yaari/domain/host'
import type { ReactNode } from 'react'
import { flow } from 'styled-system/patterns'
import { bullets, heading, text } from 'styled-system/recipes'
import { CheckboxField } from '../../ui/checkbox'

const STATE_TEXT: Record<NightSummary['state'], string> = {
  waiting: `The morning after (${MORNING_AFTER_AT} IST the day after), everyone who came is asked how it was, by email and in the app. Where the door was not used, mark who came below until then.`,
  none: 'No attendance was recorded for this date (no one was checked in at the door or marked as come), so no one was asked how it was.',
  open: 'The guests who came have been asked how it was: open for 7 days.',
  closed: 'Closed: the guests’ week to answer is over.',
}

export function NightSection({
  list,
  started,
  editable,
  markCame,
  children,
}: {
  list: GuestList
  /** The evening has started: who came can be marked from now. */
  started: boolean
  editable: boolean
  markCame: (orderId: string, name: string, came: boolean) => Promise<boolean>
  /** The evening's alerts, under the rest. */
  children?: ReactNode
}) {
  // A copy saved on this device by an older version has no summary: shown once Yaari answers.
  const night = list.night
  // Before the evening starts there is nothing to mark or read yet.
  if (!night || (night.state === 'waiting' && !started)) return null
  const paid = list.guests.filter((guest) => guest.state === 'paid' && guest.orderId)
  const connections = `${night.connections} ${night.connections === 1 ? 'connection' : 'connections'}`
  return (
    <section aria-labelledby="night" className={flow({ gap: '3' })}>
      <h2 id="night" className={heading({ level: 'section' })}>
        After the evening
      </h2>
      <p>{STATE_TEXT[night.state]}</p>
      <p className={text({ weight: 'semibold' })}>
        Came: {night.came} of {paid.length} paid
      </p>
      {night.state === 'waiting' && started && editable ? (
        <fieldset className={flow({ gap: '2' })}>
          <legend className={heading({ level: 'label' })}>Who came</legend>
          {paid.map((guest) =>
            guest.came === 'door' ? (
              <p key={guest.orderId} className={text({ tone: 'muted' })}>
                {guest.name}: checked in at the door
              </p>
            ) : (
              <CheckboxField
                key={guest.orderId}
                label={`${guest.name} came`}
                checked={guest.came === 'marked'}
                onChange={(came) => void markCame(guest.orderId!, guest.name, came)}
              />
            ),
          )}
        </fieldset>
      ) : null}
      {night.state === 'open' || night.state === 'closed' ? (
        <>
          <dl className={flow({ gap: '1' })}>
            <div>
              <dt className={text({ size: 'sm', tone: 'muted' })}>Rating</dt>
              <dd className={text({ size: 'figure' })}>
                {night.average === undefined
                  ? 'No ratings yet'
                  : `${night.average.toFixed(1)} / 5 from ${night.ratings} ${night.ratings === 1 ? 'guest' : 'guests'}`}
              </dd>
            </div>
            <div>
              <dt className={text({ size: 'sm', tone: 'muted' })}>Connections made</dt>
              <dd className={text({ size: 'figure' })}>{connections}</dd>
            </div>
            <div>
              <dt className={text({ size: 'sm', tone: 'muted' })}>Would improve</dt>
              <dd>{IMPROVE_OPTIONS.map((item) => `${IMPROVE_LABELS[item]} ${night.improve[item]}`).join(', ')}</dd>
            </div>
          </dl>
          <h3 className={heading({ level: 'sub' })}>Comments</h3>
          {night.comments.length === 0 ? (
            <p className={text({ tone: 'muted' })}>No comments yet.</p>
          ) : (
            <ul className={bullets()}>
              {night.comments.map((comment, i) => (
                // Comments carry no id (nor a name): their order is the record's.
                // biome-ignore lint/suspicious/noArrayIndexKey: two guests may write the same words
                <li key={i}>{comment}</li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      {children}
    </section>
  )
}
