/**
 * A host's message to a date's guests (messageGuests): emailed through the outbox to every
 * confirmed guest, once per guest and message id however often it is sent again, within the
 * limits of new messages per date and per host a day (numbered slots, each a create()).
 */
import { createHash } from 'node:crypto'
import type { RequestOf } from '@yaari/domain/callable'
import {
  HOST_MESSAGES,
  MESSAGES_PER_DATE_PER_DAY,
  MESSAGES_PER_HOST_PER_DAY,
  type messageGuestsCall,
} from '@yaari/domain/host'
import { istToday } from '@yaari/domain/schedule'
import { HttpsError } from 'firebase-functions/v2/https'
import { isAlreadyExists } from '../../lib/claims'
import { type Context, nowOf } from '../../lib/context'
import { paidBookingsOfDate } from '../../lib/data/bookings'
import {
  createMessageInBatch,
  type HostMessageRecord,
  hostMessagePath,
  readHostMessageById,
} from '../../lib/data/host-messages'
import { claimMessageSlot } from '../../lib/data/message-slots'
import { type Actor, auditInBatch, onDate } from '../audit'
import { queueMemberMail } from '../mail/outbox'
import { openDate, refuseCancelled } from './actions'

/**
 * Sends a host's message to every confirmed guest of the date, through the outbox: once per guest
 * and message, however often the same message (its id) is sent again. At most
 * MESSAGES_PER_DATE_PER_DAY new messages per date and MESSAGES_PER_HOST_PER_DAY per host (IST days):
 * a host's account is no mass-mail channel. The audit line keeps the subject, a digest and the
 * length of the text. How many it went to.
 */
export async function messageGuests(
  deps: Context,
  actor: Actor,
  input: RequestOf<typeof messageGuestsCall>,
): Promise<{ sent: number; changed: boolean }> {
  const now = nowOf(deps)
  const event = openDate(deps.catalogue, input.eventId, input.eventDate, now)
  await refuseCancelled(deps, input.eventId, input.eventDate)
  const message: HostMessageRecord = {
    event_id: input.eventId,
    event_date: input.eventDate,
    subject: input.subject.trim(),
    text: input.text.trim(),
    at: now,
  }
  const guests = (await paidBookingsOfDate(deps.firestore, input.eventId, input.eventDate)).flatMap((booking) => {
    const to = booking.attendee.email
    return typeof to === 'string' && to.includes('@') ? [{ booking, to }] : []
  })
  const earlier = await readHostMessageById(deps.firestore, input.messageId)
  const changed = earlier === undefined
  if (earlier && (earlier.event_id !== input.eventId || earlier.event_date !== input.eventDate)) {
    throw new HttpsError('invalid-argument', 'messageId: already used for another date')
  }
  if (changed) {
    const day = istToday(new Date(now))
    const dateSlot = await claimMessageSlot(
      deps.firestore,
      `date_${input.eventId}_${input.eventDate}_${day}`,
      MESSAGES_PER_DATE_PER_DAY,
      input.messageId,
      now,
    )
    if (!dateSlot) throw new HttpsError('resource-exhausted', HOST_MESSAGES.tooManyForDate)
    const sender = 'uid' in actor ? actor.uid : 'command'
    const hostSlot = await claimMessageSlot(
      deps.firestore,
      `host_${sender}_${day}`,
      MESSAGES_PER_HOST_PER_DAY,
      input.messageId,
      now,
    )
    if (!hostSlot) {
      await dateSlot.release()
      throw new HttpsError('resource-exhausted', HOST_MESSAGES.tooManyForHost)
    }
    const batch = deps.firestore.batch()
    createMessageInBatch(batch, deps.firestore, input.messageId, message)
    auditInBatch(
      batch,
      deps.firestore,
      actor,
      {
        action: 'message-guests',
        about: onDate(event, input.eventDate),
        change: {
          subject: message.subject,
          textSha256: createHash('sha256').update(message.text).digest('hex'),
          textLength: message.text.length,
          guests: guests.length,
        },
        at: now,
      },
      `message_${input.messageId}`,
    )
    await batch.commit().catch((error: unknown) => {
      if (!isAlreadyExists(error)) throw error // two calls with one id at once: the other stored it
    })
  }
  let sent = 0
  for (const { booking, to } of guests) {
    await queueMemberMail(
      deps.firestore,
      {
        id: `${booking.order_id}_host-message_${input.messageId}`,
        orderId: booking.order_id,
        to,
      },
      { kind: 'host-message', message: hostMessagePath(input.messageId) },
      now,
    )
    sent++
  }
  return { sent, changed }
}
