/**
 * The tickets of an event's page: its prices, and what a tap on one opens (the date sheet drawn
 * ahead, then the date and booking dialogs the route gives), or, for an event not on sale, why not.
 */
import { getRouteApi, Link } from '@tanstack/react-router'
import { type PriceTier, TIER_LABELS, type YaariEvent } from '@yaari/domain/catalogue'
import { formatInr } from '@yaari/domain/money'
import { NOT_ON_SALE, notOpenYet } from '@yaari/domain/schedule'
import { type ComponentType, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { grid, stack } from 'styled-system/patterns'
import { button, heading, link, text } from 'styled-system/recipes'
import { afterNextPaint } from '../../lib/after-paint'
import { useHydrated } from '../../lib/hydration'
import { MY_BOOKINGS_LINK } from '../../lib/paths'
import { usePriceTiersHint } from '../../lib/session/price-tiers'
import { useIdleAfterMount } from '../../lib/use-idle'
import { usePreloadWhenScrolledTo } from './use-preload-in-view'

const route = getRouteApi('/events/$eventId')
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

/** An event not on sale (archived, or in a city not live yet): the tickets' place says so, and offers none. */
export function NoTickets({ event, city }: { event: YaariEvent; city: string | undefined }) {
  return (
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
  )
}

/**
 * The prices, and what a tap on one opens: the date sheet in the tap's own frame (drawn ahead,
 * hidden, once the page is idle); the dialogs (their code, their first render: a frame's work even
 * when loaded) once that frame is on screen, in the sheet's place. Its own component, so a tap
 * re-renders the tickets, not the whole page.
 */
export function Tickets({
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
  usePreloadWhenScrolledTo(tickets, hydrated, preloadBookingDialogs)
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
