import { getRouteApi, Link } from '@tanstack/react-router'
import { type PriceTier, TIER_LABELS, type YaariEvent } from '@yaari/domain/catalogue'
import { eventCityName, eventPageMeta, eventPlace } from '@yaari/domain/event-meta'
import { formatInr } from '@yaari/domain/money'
import { VENUE_SHARED_HOURS_BEFORE } from '@yaari/domain/refund-policy'
import { formatTime, NOT_ON_SALE, notOpenYet, scheduleLabel } from '@yaari/domain/schedule'
import { type ComponentType, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { container, grid, stack } from 'styled-system/patterns'
import { bullets, button, dataList, heading, link, text } from 'styled-system/recipes'
import { afterNextPaint } from '../../lib/after-paint'
import { useCatalogue } from '../../lib/catalogue'
import { useHydrated } from '../../lib/hydration'
import { usePageMeta } from '../../lib/page-meta'
import { MY_BOOKINGS_LINK } from '../../lib/paths'
import { usePriceTiersHint } from '../../lib/session/price-tiers'
import { useIdleAfterMount } from '../../lib/use-idle'
import { Button } from '../../ui/button'
import { CoverImage } from '../../ui/cover-image'
import { RefundPolicyList } from '../../ui/refund-policy'
import { shareEvent } from './share-event'

const route = getRouteApi('/events/$eventId')
/** Each part of the page below the key facts: its heading, then its content. */
const section = stack({ gap: '3', mt: '10' })
/** The tickets, in the page's opening stack (its gap spaces them). */
const ticketsSection = stack({ gap: '3', mt: '2' })

/** What the page opens when a price is chosen: the date and booking dialogs, given by the route. */
export type BookingDialogsComponent = ComponentType<{
  event: YaariEvent
  tier: PriceTier
  /** The date to start with (a return from signing in), if still open for booking. */
  initialDate?: string
  onTierChange: (tier: PriceTier) => void
  onClose: () => void
}>

/** The date dialog as it first looks, drawn ahead and shown at once on a tap (given by the route). */
export type DatesPreviewComponent = ComponentType<{
  event: YaariEvent
  open: boolean
  initialDate: string | undefined
  onChoose: (date: string) => void
  onClose: () => void
}>

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
          <section aria-labelledby="price-title" className={ticketsSection}>
            <h2 id="price-title" className={heading({ level: 'section' })}>
              Tickets
            </h2>
            <p role="status" className={text({ weight: 'semibold' })}>
              {event.status === 'archived' || !city ? NOT_ON_SALE : notOpenYet(city)}
            </p>
            {event.status === 'archived' ? (
              <p>
                Booked already? Your ticket still opens in{' '}
                <Link to={MY_BOOKINGS_LINK.to} className={link()}>
                  {MY_BOOKINGS_LINK.label}
                </Link>
                .
              </p>
            ) : null}
          </section>
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
        <ul className={bullets()}>
          {event.whatToExpect.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
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

/**
 * The prices, and what a tap on one opens: the date sheet in the tap's own frame (drawn ahead,
 * hidden, once the page is idle); the dialogs (their code, their first render: a frame's work even
 * when loaded) once that frame is on screen, in the sheet's place. Its own component, so a tap
 * re-renders the tickets, not the whole page.
 */
function Tickets({
  event,
  BookingDialogs,
  DatesPreview,
  preloadBookingDialogs,
}: {
  event: YaariEvent
  BookingDialogs: BookingDialogsComponent
  DatesPreview: DatesPreviewComponent
  preloadBookingDialogs: () => unknown
}) {
  const [tier, setTier] = useState<PriceTier | undefined>()
  const [initialDate, setInitialDate] = useState<string | undefined>()
  const [dialogsShown, setDialogsShown] = useState(false)
  const [dialogsOnScreen, setDialogsOnScreen] = useState(false)
  // Each opening's sheet starts unchosen: a closed one is drawn afresh (then, not on the next tap).
  const [round, setRound] = useState(0)
  const opening = useRef(0) // which tap the dialogs are for (a sheet closed at once needs none)
  const choose = useCallback((option: PriceTier) => {
    setTier(option)
    const tap = ++opening.current
    afterNextPaint(() => tap === opening.current && setDialogsShown(true))
  }, [])
  // The price tapped: focus goes back to it when the sheet closes, wherever it was inside (the
  // dialog took it from the sheet drawn ahead, which it may have been in, and cannot give it back).
  const opener = useRef<HTMLButtonElement | null>(null)
  const close = useCallback(() => {
    afterNextPaint(() => {
      const focused = document.activeElement
      if (
        !focused ||
        focused === document.body ||
        !focused.isConnected ||
        focused.checkVisibility?.({ visibilityProperty: true }) === false
      )
        opener.current?.focus()
    })
    opening.current++
    setTier(undefined)
    setInitialDate(undefined)
    setDialogsShown(false)
    setDialogsOnScreen(false)
    setRound((round) => round + 1)
  }, [])
  // A signed-in member is offered the price their profile allows; a visitor sees both.
  const offered = usePriceTiersHint()
  const hydrated = useHydrated()
  const idle = useIdleAfterMount()
  // Back from "Sign in to book": the price and date chosen before, taken once from the address.
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const buttons = useRef(new Map<PriceTier, HTMLButtonElement>())
  useEffect(() => {
    if (!hydrated || !search.tier) return
    opener.current = buttons.current.get(search.tier) ?? null
    choose(search.tier)
    setInitialDate(search.date)
    setRound((round) => round + 1)
    void navigate({ search: {}, replace: true })
  }, [hydrated, search.tier, search.date, navigate, choose])
  // The dialogs' code is fetched and run ahead of a tap, never with the page's first load (it brings
  // the device's database, which a visitor reading the page does not need): once the member scrolls
  // with the tickets in view, else once a price is tapped and its sheet is on screen. Not as a finger
  // lands on a price: starting the fetch (a link for each of its modules) held that tap's frame back.
  const tickets = useRef<HTMLElement>(null)
  useEffect(() => {
    const section = tickets.current
    if (!hydrated || !section || typeof IntersectionObserver !== 'function') return
    let inView = false
    let scrolled = false
    const stop = () => {
      observer.disconnect()
      window.removeEventListener('scroll', onScroll)
    }
    const maybeLoad = () => {
      if (!inView || !scrolled) return
      stop()
      afterNextPaint(() => void preloadBookingDialogs())
    }
    const onScroll = () => {
      scrolled = true
      maybeLoad()
    }
    const observer = new IntersectionObserver((entries) => {
      inView = entries.some((entry) => entry.isIntersecting)
      maybeLoad()
    })
    observer.observe(section)
    window.addEventListener('scroll', onScroll, { passive: true })
    return stop
  }, [hydrated, preloadBookingDialogs])
  // The same element while what it shows is the same: the page becoming idle, or the sheet drawn
  // again, re-renders the tickets, never the open dialog (its parts are a phone's frame of work).
  const dialogs = useMemo(
    () =>
      tier && dialogsShown ? (
        <Suspense fallback={null}>
          <BookingDialogs event={event} tier={tier} initialDate={initialDate} onTierChange={setTier} onClose={close} />
          <OnScreen onShown={setDialogsOnScreen} />
        </Suspense>
      ) : null,
    [BookingDialogs, event, tier, dialogsShown, initialDate, close],
  )
  return (
    <>
      <section ref={tickets} aria-labelledby="price-title" className={ticketsSection}>
        <h2 id="price-title" className={heading({ level: 'section' })}>
          Choose your ticket
        </h2>
        <p className={text({ tone: 'muted' })}>Prices are per person and include applicable taxes.</p>
        <div className={grid({ columns: 2, gap: '3', maxW: 'md' })}>
          {offered.map((option) => (
            <button
              key={option}
              ref={(element) => {
                if (element) buttons.current.set(option, element)
                else buttons.current.delete(option)
              }}
              type="button"
              disabled={!hydrated}
              onClick={(click) => {
                opener.current = click.currentTarget
                choose(option)
              }}
              className={button({ variant: 'outline', size: 'tile' })}
            >
              <span>{TIER_LABELS[option]}</span>
              <span className={text({ size: 'figure' })}>{formatInr(event.prices[option])}</span>
            </button>
          ))}
        </div>
      </section>
      {/* Gone once the dialog is on screen (nothing of it left to find), drawn again after. */}
      {hydrated && (idle || tier) && !dialogsOnScreen ? (
        <DatesPreview
          key={round}
          event={event}
          open={tier !== undefined}
          initialDate={initialDate}
          onChoose={setInitialDate}
          onClose={close}
        />
      ) : null}
      {dialogs}
    </>
  )
}

/** Says when what is beside it has been put on screen (its Suspense boundary's code has come). */
function OnScreen({ onShown }: { onShown: (shown: true) => void }) {
  useLayoutEffect(() => onShown(true), [onShown])
  return null
}
