/**
 * What a failed host call says to the host: the function's own reason where it refused something
 * (its messages are written for hosts), or what to do when the line is down or too slow.
 */
import { type SpokenWords, spokenMessage } from '../../lib/call'

export const HOST_WORDS: SpokenWords = {
  offline: 'You are offline, or the connection is too slow. Host actions need a connection: try again.',
}

/** The sentence a host reads when a console call fails. */
export const hostMessage = (error: unknown) => spokenMessage(error, HOST_WORDS)
