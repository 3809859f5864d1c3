/**
 * What the routes of the evening after read before their page renders: what this device saved
 * for the member it knows (the evening's feedback typed and not sent yet), then the server's
 * first answer, which the page waits for itself, so it opens at once with no network.
 */
import { getAfterNightCall, listConnectionsCall } from '@yaari/domain/after-night'
import { call } from '../../lib/call'
import { knownMember } from '../../lib/session/member-hint'
import { readDraft } from './after-night-calls'
import { type FeedbackForm, feedbackDraft, storedFeedback } from './feedback'
import { firstAnswer } from './use-signed-in-load'

/**
 * What the device holds, and for whom: a page uses it only when that member is the one signed in.
 * Exported because the route's generated type names it.
 * @public
 */
export interface Held<T> {
  uid: string
  value: T | undefined
}

export async function loadEvening(orderId: string) {
  const uid = knownMember()?.uid
  const draft: Held<FeedbackForm> | undefined = uid
    ? { uid, value: await readDraft(uid, feedbackDraft(orderId), storedFeedback) }
    : undefined
  return { draft, first: firstAnswer(() => call(getAfterNightCall, { orderId })) }
}

/** Connections are kept on the server only: the page starts on its answer. */
export function loadConnections() {
  return { first: firstAnswer(() => call(listConnectionsCall, {})) }
}
