/**
 * An event's page (/events/<id>): what it is, when and where, its tickets (event-tickets.tsx: the
 * prices, and the date and booking dialogs the route gives), what to expect and the refund policy.
 */
import { getRouteApi } from '@tanstack/react-router'
import { eventCityName, eventPageMeta, eventPlace } from '@yaari/domain/event-meta'
import { VENUE_SHARED_HOURS_BEFORE } from '@yaari/domain/refund-policy'
import { formatTime, scheduleLabel } from '@yaari/domain/schedule'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { container, stack } from 'styled-system/patterns'
import { dataList, heading, text } from 'styled-system/recipes'
import { useCatalogue } from '../../lib/catalogue'
import { useHydrated } from '../../lib/hydration'
import { usePageMeta } from '../../lib/page-meta'
import { Bullets } from '../../ui/bullets'
import { Button } from '../../ui/button'
import { CoverImage } from '../../ui/cover-image'
import { RefundPolicyList } from '../../ui/refund-policy'
import { type BookingDialogsComponent, type DatesPreviewComponent, NoTickets, Tickets } from './event-tickets'
import { shareEvent } from './share-event'

const route = getRouteApi('/events/$eventId')
/** Each part of the page below the key facts: its heading, then its content. */
const section = stack({ gap: '3', mt: '10' })

/** One event: what it is, when and where, its prices, and (from the route) the date and booking dialogs. */
export function EventDetailsPage({
  BookingDialogs,
  DatesPreview,
  preloadBookingDialogs,
}: {
  BookingDialogs: BookingDialogsComponent
  DatesPreview: DatesPreviewComponent
  /** Starts loading the dialogs' code, so that choosing a price does not wait for it. */
  preloadBookingDialogs: () => unknown
}) {
  const { eventId } = route.useParams()
  const catalogue = useCatalogue()
  // The route's beforeLoad only lets canonical catalogue ids through.
  const event = catalogue.eventById(eventId)!
  const hydrated = useHydrated() // the tickets open once the app has taken over the page
  usePageMeta(eventPageMeta(catalogue, event))
  const city = eventCityName(catalogue, event)
  // Archived, or in a city not live yet: the page says so where the tickets would be, and offers none.
  const onSale = catalogue.isOnSale(event)
  // Back from "Sign in to book" to an event no longer on sale: nothing to open, the address is cleaned.
  const search = route.useSearch()
  const navigate = route.useNavigate()
  useEffect(() => {
    if (hydrated && !onSale && (search.tier || search.date)) void navigate({ search: {}, replace: true })
  }, [hydrated, onSale, search.tier, search.date, navigate])

  return (
    <article className={container({ maxW: '4xl', py: { base: '6', md: '10' } })}>
      <CoverImage src={event.image} lazy={false} className={css({ borderRadius: 'l3' })} />
      <div className={stack({ gap: '4', mt: '6' })}>
        <header className={stack({ gap: '1' })}>
          <p className={text({ tone: 'accent' })}>
            {event.kind} · {event.category}
          </p>
          <h1 className={heading({ level: 'hero' })}>{event.title}</h1>
          {event.rating === undefined ? null : (
            <p className={text({ tone: 'muted' })}>
              <span aria-hidden="true">★ </span>
              {event.rating.toFixed(1)} out of 5 from past guests
            </p>
          )}
          <div>
            <Button variant="outline" size="sm" disabled={!hydrated} onClick={() => void shareEvent(event)}>
              Share
            </Button>
          </div>
        </header>
        {/* The prices on a phone's first screen, under the title (below the details they were out of sight). */}
        {onSale ? (
          <Tickets
            event={event}
            BookingDialogs={BookingDialogs}
            DatesPreview={DatesPreview}
            preloadBookingDialogs={preloadBookingDialogs}
          />
        ) : (
          <NoTickets event={event} city={city} />
        )}
        <p className={text({ size: 'lg' })}>{event.description}</p>

        <dl className={dataList({ layout: 'facts' }).root}>
          <div>
            <dt>When</dt>
            <dd>{scheduleLabel(event)}</dd>
          </div>
          <div>
            <dt>Time</dt>
            <dd>{formatTime(event.startTime)}</dd>
          </div>
          <div>
            <dt>Venue area</dt>
            <dd>{eventPlace(catalogue, event)}</dd>
          </div>
          <div>
            <dt>Group size</dt>
            <dd>{event.groupSize}</dd>
          </div>
        </dl>
      </div>

      <section aria-labelledby="expect-title" className={section}>
        <h2 id="expect-title" className={heading({ level: 'section' })}>
          What to expect
        </h2>
        <Bullets items={event.whatToExpect} />
        <p>
          The exact venue in {event.venueArea} is shared with booked guests {VENUE_SHARED_HOURS_BEFORE} hours before the
          event.
        </p>
      </section>

      <section aria-labelledby="refund-title" className={section}>
        <h2 id="refund-title" className={heading({ level: 'section' })}>
          Refund policy
        </h2>
        <RefundPolicyList />
      </section>
    </article>
  )
}
