import { getRouteApi } from '@tanstack/react-router'
import { type ComponentType, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { container } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { eventById, type PriceTier, TIER_LABELS, type YaariEvent } from '../../domain/catalogue'
import { formatInr } from '../../domain/money'
import { VENUE_SHARED_HOURS_BEFORE } from '../../domain/refund-policy'
import { formatTime, weekdayName } from '../../domain/schedule'
import { useHydrated } from '../../lib/hydration'
import { usePageMeta } from '../../lib/page-meta'
import { usePriceTiersHint } from '../../lib/session/member-hint'
import { CoverImage } from '../../ui/cover-image'
import { RefundPolicyList } from '../../ui/refund-policy'

const route = getRouteApi('/events/$eventId')

/** What the page opens when a price is chosen: the date and booking dialogs, given by the route. */
export type BookingDialogsComponent = ComponentType<{
  event: YaariEvent
  tier: PriceTier
  onTierChange: (tier: PriceTier) => void
  onClose: () => void
}>

/** One event: what it is, when and where, its prices, and (from the route) the date and booking dialogs. */
export function EventDetailsPage({ BookingDialogs }: { BookingDialogs: BookingDialogsComponent }) {
  const { eventId } = route.useParams()
  // The route's beforeLoad only lets canonical catalogue ids through.
  const event = eventById(eventId)!
  const [tier, setTier] = useState<PriceTier | undefined>()
  // A signed-in member is offered the price their profile allows; a visitor sees both.
  const offered = usePriceTiersHint()
  const hydrated = useHydrated() // the tickets open once the app has taken over the page
  usePageMeta({
    title: `${event.title} (${event.kind})`,
    description: `${event.description} Every ${weekdayName(event.weekday)} at ${formatTime(event.startTime)} in ${event.venueArea}, Bangalore.`,
  })

  return (
    <article className={container({ maxW: '4xl', py: { base: '6', md: '10' } })}>
      <CoverImage src={event.image} lazy={false} className={css({ borderRadius: 'l3' })} />
      <p className={css({ mt: '6', color: 'accent.text', fontWeight: 'semibold' })}>
        {event.kind} · {event.category}
      </p>
      <h1 className={css({ fontSize: { base: '3xl', md: '5xl' }, fontWeight: 'extrabold', lineHeight: '1.1' })}>
        {event.title}
      </h1>
      <p className={css({ mt: '1', color: 'fg.muted' })}>
        <span aria-hidden="true">★ </span>
        {event.rating.toFixed(1)} out of 5 from past guests
      </p>
      <p className={css({ mt: '4', fontSize: 'lg' })}>{event.description}</p>

      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: '4',
          mt: '6',
          p: '5',
          bg: 'bg.muted',
          borderRadius: 'l3',
          '& dt': { color: 'fg.muted', fontSize: 'sm' },
          '& dd': { fontWeight: 'semibold' },
        })}
      >
        <div>
          <dt>When</dt>
          <dd>Every {weekdayName(event.weekday)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{formatTime(event.startTime)}</dd>
        </div>
        <div>
          <dt>Venue area</dt>
          <dd>{event.venueArea}</dd>
        </div>
        <div>
          <dt>Group size</dt>
          <dd>{event.groupSize}</dd>
        </div>
      </dl>

      <section aria-labelledby="price-title" className={css({ mt: '8' })}>
        <h2 id="price-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          Choose your ticket
        </h2>
        <p className={css({ color: 'fg.muted', mt: '1' })}>Prices are per person and include applicable taxes.</p>
        <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3', mt: '4', maxW: 'md' })}>
          {offered.map((option) => (
            <button
              key={option}
              type="button"
              disabled={!hydrated}
              onClick={() => setTier(option)}
              className={
                button({ variant: 'outline', size: 'lg' }) +
                ' ' +
                css({ h: 'auto', py: '3', flexDirection: 'column', gap: '0' })
              }
            >
              <span>{TIER_LABELS[option]}</span>
              <span className={css({ fontSize: '2xl', fontWeight: 'extrabold' })}>
                {formatInr(event.prices[option])}
              </span>
            </button>
          ))}
        </div>
      </section>

      <section aria-labelledby="expect-title" className={css({ mt: '10' })}>
        <h2 id="expect-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          What to expect
        </h2>
        <ul className={css({ listStyle: 'disc', pl: '5', mt: '3', display: 'grid', gap: '1' })}>
          {event.whatToExpect.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className={css({ mt: '4' })}>
          The exact venue in {event.venueArea} is shared with booked guests {VENUE_SHARED_HOURS_BEFORE} hours before the
          event.
        </p>
      </section>

      <section aria-labelledby="refund-title" className={css({ mt: '10' })}>
        <h2 id="refund-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          Refund policy
        </h2>
        <div className={css({ mt: '3' })}>
          <RefundPolicyList />
        </div>
      </section>

      {tier ? (
        <Suspense fallback={null}>
          <BookingDialogs event={event} tier={tier} onTierChange={setTier} onClose={() => setTier(undefined)} />
        </Suspense>
      ) : null}
    </article>
  )
}
