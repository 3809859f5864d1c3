/**
 * A request's `eventId`: a slug the installed catalogue knows (published or archived). The
 * functions install the published catalogue before they parse a request, so an event published a
 * minute ago is known and one never published is refused with `message`.
 */
import * as v from 'valibot'
import { isEventId } from './catalogue'

export const knownEventId = (message: string) => v.pipe(v.string(message), v.check(isEventId, message))
