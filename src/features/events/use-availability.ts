/**
 * Spots left per date for one event, from the getAvailability function. Answers are kept
 * for a minute so moving between the listing and an event page does not ask again.
 */
import { useEffect, useState } from 'react'
import type { AvailabilityResponse, DateAvailability } from '../../domain/availability'
import { callPublicFunction } from '../../lib/public-api'

const FRESH_FOR_MS = 60_000
const cache = new Map<string, { at: number; answer: Promise<AvailabilityResponse> }>()

function loadAvailability(eventId: string): Promise<AvailabilityResponse> {
  const cached = cache.get(eventId)
  if (cached && Date.now() - cached.at < FRESH_FOR_MS) return cached.answer
  const answer = callPublicFunction<AvailabilityResponse>('getAvailability', { eventId })
  cache.set(eventId, { at: Date.now(), answer })
  answer.catch(() => cache.delete(eventId))
  return answer
}

export type AvailabilityState =
  | { status: 'loading' }
  | { status: 'ready'; byDate: ReadonlyMap<string, DateAvailability> }
  | { status: 'unavailable' }

/** Spots left per date; 'unavailable' offline or when the backend cannot answer. */
export function useAvailability(eventId: string): AvailabilityState {
  const [state, setState] = useState<AvailabilityState>({ status: 'loading' })
  useEffect(() => {
    let current = true
    setState({ status: 'loading' })
    loadAvailability(eventId).then(
      (answer) => current && setState({ status: 'ready', byDate: new Map(answer.dates.map((d) => [d.date, d])) }),
      () => current && setState({ status: 'unavailable' }),
    )
    return () => {
      current = false
    }
  }, [eventId])
  return state
}
