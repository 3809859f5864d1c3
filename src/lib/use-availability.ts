/**
 * Spots left per event and date, from the getAvailability function: one request answers for
 * every event, shared by all cards and dialogs on the page and kept for a minute.
 */

import type { DateAvailability } from '@yaari/domain/availability'
import { getAvailabilityCall } from '@yaari/domain/availability'
import { useEffect, useState } from 'react'
import { callPublicFunction } from './public-api'

const FRESH_FOR_MS = 60_000
let cached: { at: number; answer: Promise<Map<string, Map<string, DateAvailability>>> } | undefined

function loadAvailability(): Promise<Map<string, Map<string, DateAvailability>>> {
  if (cached && Date.now() - cached.at < FRESH_FOR_MS) return cached.answer
  const answer = callPublicFunction(getAvailabilityCall, {}).then(
    (response) =>
      new Map(response.events.map((event) => [event.eventId, new Map(event.dates.map((d) => [d.date, d]))])),
  )
  const entry = { at: Date.now(), answer }
  cached = entry
  answer.catch(() => {
    if (cached === entry) cached = undefined
  })
  return answer
}

export type AvailabilityState =
  | { status: 'loading' }
  | { status: 'ready'; byDate: ReadonlyMap<string, DateAvailability> }
  | { status: 'unavailable' }

/** Spots left per date of one event; 'unavailable' offline or when the backend cannot answer. */
export function useAvailability(eventId: string): AvailabilityState {
  const [state, setState] = useState<AvailabilityState>({ status: 'loading' })
  useEffect(() => {
    let current = true
    setState({ status: 'loading' })
    loadAvailability().then(
      (byEvent) => current && setState({ status: 'ready', byDate: byEvent.get(eventId) ?? new Map() }),
      () => current && setState({ status: 'unavailable' }),
    )
    return () => {
      current = false
    }
  }, [eventId])
  return state
}
