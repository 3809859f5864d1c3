/**
 * A request's `eventId`. A schema checks its shape (`eventIdField`); whether the catalogue knows it
 * is a question for the catalogue the request is read with (`dateIssue`): the functions read the
 * published one for each request, so an event published a minute ago is known and one never
 * published is refused with `UNKNOWN_EVENT`.
 */
import * as v from 'valibot'
import type { Catalogue } from './catalogue'
import { runsOn } from './schedule'

/** The shape of every event id: a slug of at most 60 characters. */
const EVENT_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A request's event id, by its shape; `message` when it is not one. */
export const eventIdField = (message: string) =>
  v.pipe(v.string(message), v.maxLength(60, message), v.regex(EVENT_ID_PATTERN, message))

/** What a request naming an event the catalogue does not know is answered. */
export const UNKNOWN_EVENT = 'eventId: Unknown event'
/** What a request naming a date its event does not run on is answered. */
const NOT_ITS_DATE = 'eventDate is not a date this event runs on'

/**
 * Why a request that names an event (and, with `dated`, one of its dates) cannot be about it in
 * `catalogue`: the event unknown, or not running that day. Undefined when it names none, or fits.
 */
export function dateIssue(
  catalogue: Catalogue,
  input: unknown,
  { dated }: { dated: boolean } = { dated: false },
): string | undefined {
  const { eventId, eventDate } = (input ?? {}) as { eventId?: unknown; eventDate?: unknown }
  if (typeof eventId !== 'string') return undefined
  const event = catalogue.eventById(eventId)
  if (!event) return UNKNOWN_EVENT
  if (dated && typeof eventDate === 'string' && !runsOn(event, eventDate)) return NOT_ITS_DATE
  return undefined
}
