/**
 * What the routes of the evening after read before their page renders: what this device saved
 * for the member it knows (the evening's feedback typed and not sent yet), then the server's
 * first answer, which the page waits for itself, so it opens at once with no network.
 */
import { getAfterNightCall, listConnectionsCall } from '@yaari/domain/after-night'
import { call } from '../../lib/call'
import { held } from '../../lib/held'
import { readDraft } from './after-night-calls'
import { feedbackDraft, storedFeedback } from './feedback'
import { firstAnswer } from './use-signed-in-load'

export async function loadEvening(orderId: string) {
  const draft = await held((uid) => readDraft(uid, feedbackDraft(orderId), storedFeedback))
  return { draft, first: firstAnswer(() => call(getAfterNightCall, { orderId })) }
}

/** Connections are kept on the server only: the page starts on its answer. */
export function loadConnections() {
  return { first: firstAnswer(() => call(listConnectionsCall, {})) }
}
