/**
 * What every service runs with, and the one way a callable calls it: `service(context, caller,
 * input)`. The context holds the store, the catalogue read once for the call (or for a job's run)
 * and the server's clock; the caller comes only from the verified token; the input is the request
 * its contract's schema checked. A service that needs more (Cashfree, the photo store, the pass
 * keys) says so in its context's type, and its callable adds it. A service with no caller (a
 * public call, a job) or no input leaves them out, from the end.
 */
import type { RequestOf, ResponseOf } from '@yaari/domain/callable'
import type { Catalogue, YaariEvent } from '@yaari/domain/catalogue'
import { UNKNOWN_EVENT } from '@yaari/domain/event-id'
import type { Firestore } from 'firebase-admin/firestore'
import { HttpsError } from 'firebase-functions/v2/https'
import type { HostCaller } from './auth'

export interface Context {
  firestore: Firestore
  /** The published catalogue, read once for the request or the job's run (lib/catalogue.ts). */
  catalogue: Catalogue
  /**
   * The server's clock. Left out, the wall clock; a door set to a date's stack clock, a test, or a
   * job run "as of" a time sets it. What a phone says the time is never reaches a service.
   */
  now?: () => Date
}

/** A member, as the verified token names them. */
export interface Member {
  uid: string
  email: string | undefined
  /** May book without a verified mobile (an admin; a local test account that says so: lib/auth.ts). */
  skipsMobileCheck?: boolean
}

/** The context's time, in ms since the epoch. */
export const nowOf = (context: Pick<Context, 'now'>): number => (context.now ?? (() => new Date()))().getTime()

/** A clock that stands at `time` (ms since the epoch): a context's `now` for a call made "as of" then. */
export const clockAt = (time: number) => () => new Date(time)

/** The event a checked request names (the callables refused one the catalogue does not know). */
export function eventOf({ catalogue }: Pick<Context, 'catalogue'>, eventId: string): YaariEvent {
  const event = catalogue.eventById(eventId)
  if (!event) throw new HttpsError('invalid-argument', UNKNOWN_EVENT)
  return event
}

/** A call about a date of an event: the store, the event the request names, and the time. */
export function dateCall(context: Context, input: { eventId: string }) {
  return { firestore: context.firestore, event: eventOf(context, input.eventId), now: nowOf(context) }
}

/** A service a host's callable answers with, in the one calling style (its context may ask for more). */
export type HostCall<C, Ctx extends Pick<Context, 'firestore'> = Context> = (
  context: Ctx,
  host: HostCaller,
  input: RequestOf<C>,
) => Promise<ResponseOf<C>>
