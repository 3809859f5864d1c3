/**
 * The waitlist as a member meets it: in the date dialog, a sold-out date offers 'Join the
 * waitlist' (or says their place, with 'Leave the waitlist'); in My bookings, each place or offer
 * with the time left. Joining and leaving call the functions, so both say plainly when the
 * device is offline.
 */
import { Link } from '@tanstack/react-router'
import type { PriceTier, YaariEvent } from '@yaari/domain/catalogue'
import { formatIstClock, formatLongDate, formatShortDate, formatTime } from '@yaari/domain/schedule'
import {
  joinWaitlistCall,
  leaveWaitlistCall,
  OFFER_MINUTES,
  offerMinutesLeft,
  WAITLIST_MESSAGES,
  type WaitlistView,
} from '@yaari/domain/waitlist'
import { type ReactNode, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { wrap } from 'styled-system/patterns'
import { button, card, chip, dataList, heading, text } from 'styled-system/recipes'
import { call, type SpokenWords, useAction } from '../../lib/call'
import { useCatalogue } from '../../lib/catalogue'
import { keepWaitlistPlace } from '../../lib/member-data/refresh'
import { LOGIN_LINK } from '../../lib/paths'
import { usePriceTiersHint } from '../../lib/session/price-tiers'
import { Button } from '../../ui/button'

/** An offer whose seat is still held for the member. */
export const isLiveOffer = (entry: WaitlistView | undefined, now = Date.now()): boolean =>
  entry?.status === 'offered' && entry.offerExpiresAt !== undefined && Date.parse(entry.offerExpiresAt) > now

/** How a member's place reads in a few words: '#2 on the waitlist', 'Seat offered to you'. */
export function waitlistLabel(entry: WaitlistView): string {
  if (isLiveOffer(entry)) return 'Seat offered to you'
  if (entry.status === 'waiting') return entry.position ? `#${entry.position} on the waitlist` : 'On the waitlist'
  return 'Offer passed'
}

const WAITLIST_WORDS = {
  unexpected: 'Oops! Something went wrong. Please try again or contact our friendly support team.',
  // Full, not open to this member, or too many places: the server says which.
  speaks: ['functions/failed-precondition', 'functions/resource-exhausted', 'functions/permission-denied'],
} satisfies Omit<SpokenWords, 'offline'>

/** Joining and leaving one date's line; each keeps the entry as it now stands (undefined once left). */
function useWaitlistCall(
  eventId: YaariEvent['id'],
  eventDate: string,
  onChanged: (entry: WaitlistView | undefined) => void,
) {
  const place = { eventId, eventDate }
  const changed = async (entry: WaitlistView | undefined) => {
    await keepWaitlistPlace(place, entry)
    onChanged(entry)
  }
  const join = useAction(async () => changed((await call(joinWaitlistCall, place)).entry), {
    ...WAITLIST_WORDS,
    offline: WAITLIST_MESSAGES.joinOffline,
  })
  const leave = useAction(async () => changed(void (await call(leaveWaitlistCall, place))), {
    ...WAITLIST_WORDS,
    offline: WAITLIST_MESSAGES.leaveOffline,
  })
  return { join, leave }
}

const errorText = (error: string | undefined) =>
  error ? (
    <p role="alert" className={text({ tone: 'error' })}>
      {error}
    </p>
  ) : null

/**
 * Under the date dialog's dates, when the chosen date is sold out and no seat is offered to the
 * member: join the line, or their place in it and a way out. `afterJoin` shows under their place
 * right after they join here (the ask to turn notifications on), not when they come back to it.
 */
export function DateWaitlist({
  event,
  tier,
  date,
  waiting,
  entry,
  signedIn,
  onChanged,
  afterJoin,
}: {
  event: YaariEvent
  tier: PriceTier
  date: string
  /** Members waiting, as availability last said. */
  waiting: number
  entry: WaitlistView | undefined
  signedIn: boolean
  onChanged: (entry: WaitlistView | undefined) => void
  afterJoin?: ReactNode
}) {
  // The date joined in this dialog (a join gives the entry; a leave gives none).
  const [joinedDate, setJoinedDate] = useState<string>()
  const { join, leave } = useWaitlistCall(event.id, date, (changed) => {
    setJoinedDate(changed ? date : undefined)
    onChanged(changed)
  })
  const styles = css({ mt: '5', display: 'flex', flexDirection: 'column', gap: '3' })
  if (entry?.status === 'waiting') {
    return (
      <div className={styles}>
        <p role="status" className={text({ weight: 'semibold' })}>
          You are #{entry.position ?? 1} on the waitlist for {formatShortDate(date)}.
        </p>
        <p className={text({ tone: 'muted', size: 'sm' })}>
          If a seat opens up, we hold it for you for {OFFER_MINUTES} minutes and email you.
        </p>
        {joinedDate === date ? afterJoin : null}
        {errorText(leave.error)}
        <Button variant="outline" loading={leave.busy} loadingText="Leaving..." onClick={() => void leave.run()}>
          Leave the waitlist
        </Button>
      </div>
    )
  }
  const line = waiting > 0 ? ` ${waiting === 1 ? '1 member is' : `${waiting} members are`} waiting.` : ''
  return (
    <div className={styles}>
      <p className={text({ weight: 'semibold' })}>
        {formatShortDate(date)} is sold out.{line}
      </p>
      <p className={text({ tone: 'muted', size: 'sm' })}>
        Join the waitlist: when a seat opens up, the first member waiting gets it held for {OFFER_MINUTES} minutes to
        book.
      </p>
      {errorText(join.error)}
      {signedIn ? (
        <Button loading={join.busy} loadingText="Joining..." onClick={() => void join.run()}>
          Join the waitlist
        </Button>
      ) : (
        <Link
          to={LOGIN_LINK.to}
          search={{ next: `/events/${event.id}?tier=${tier}&date=${date}` }}
          className={cx(button(), css({ w: 'full' }))}
        >
          Sign in to join the waitlist
        </Link>
      )}
    </div>
  )
}

interface WaitlistCardProps {
  entry: WaitlistView
  onChanged: (entry: WaitlistView | undefined) => void
}

/** A place on a waitlist, or a seat offered, in My bookings. */
export function WaitlistCard({ entry, onChanged }: WaitlistCardProps) {
  // An event published since this device's catalogue: shown once the newer catalogue arrives.
  const catalogue = useCatalogue()
  const event = catalogue.eventById(entry.eventId)
  return event ? <EventWaitlistCard event={event} entry={entry} onChanged={onChanged} /> : null
}

function EventWaitlistCard({ event, entry, onChanged }: WaitlistCardProps & { event: YaariEvent }) {
  const { leave } = useWaitlistCall(event.id, entry.eventDate, onChanged)
  const tiers = usePriceTiersHint()
  // The member's one price known on this device: the date dialog opens on the offered date.
  const search = tiers.length === 1 ? { tier: tiers[0], date: entry.eventDate } : {}
  const styles = card({ variant: 'outline' })
  const offered = isLiveOffer(entry)
  return (
    <li className={cx(styles.root, styles.body)}>
      <div className={wrap({ justifyContent: 'space-between', gap: '3' })}>
        <h3 className={heading({ level: 'card' })}>{event.title}</h3>
        <span className={chip({ variant: offered ? 'subtle' : 'muted' }).root}>{waitlistLabel(entry)}</span>
      </div>
      <dl className={dataList().root}>
        <dt>When</dt>
        <dd>
          {formatLongDate(entry.eventDate)}, {formatTime(event.startTime)}
        </dd>
        {entry.status === 'waiting' ? (
          <>
            <dt>Waiting</dt>
            <dd>
              {entry.waiting === 1 ? '1 member' : `${entry.waiting} members`}
              {entry.position ? `, you are #${entry.position}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {offered && entry.offerExpiresAt ? (
        <p>
          A seat is held for you until {formatIstClock(new Date(entry.offerExpiresAt))} (IST),{' '}
          {offerMinutesLeft(entry.offerExpiresAt, new Date())} minutes left. Book it as usual: choose this date and pay.
        </p>
      ) : null}
      {entry.status === 'passed' || (entry.status === 'offered' && !offered) ? (
        <p>The seat offered to you was not booked in time and has gone to the next member.</p>
      ) : null}
      {errorText(leave.error)}
      <div className={wrap({ gap: '3' })}>
        {offered ? (
          <Link to="/events/$eventId" params={{ eventId: event.id }} search={search} className={button()}>
            Book your seat
          </Link>
        ) : null}
        {entry.status !== 'passed' ? (
          <Button variant="ghost" loading={leave.busy} loadingText="Leaving..." onClick={() => void leave.run()}>
            Leave the waitlist
          </Button>
        ) : null}
      </div>
    </li>
  )
}
