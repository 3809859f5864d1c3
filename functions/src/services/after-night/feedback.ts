/**
 * The evening as a guest sees it the morning after (getAfterNight), and their rating of it
 * (saveFeedback, taken while the evening is open). Every call names the member's own booking of a
 * date; the member must have come to it (the night's record lists them), or they are refused before
 * anything is read about the others.
 */

import type { getAfterNightCall, saveFeedbackCall } from '@yaari/domain/after-night'
import { guestsSeenBy, isOpen, windowCloses } from '@yaari/domain/after-night-rules'
import { type Context, nowOf } from '../../lib/context'
import { blocksOf } from '../../lib/data/blocks'
import { connectionsOf } from '../../lib/data/connections'
import { feedbackOf, saveFeedbackRecord } from '../../lib/data/feedback'
import { sharingOf } from '../../lib/data/member-sharing'
import { pickedBy } from '../../lib/data/picks'
import { reportsFiledOn } from '../../lib/data/reports'
import { readProfiles } from '../../lib/data/user-profiles'
import { groupMates } from '../groups/published'
import { guestKey } from './nights'
import { connectionView, type MemberCall, myNight, nightState, requireOpen } from './store'

/** getAfterNight: the evening as this guest sees it. */
export const getAfterNight: MemberCall<typeof getAfterNightCall, Context> = async (context, member, { orderId }) => {
  const { firestore } = context
  const now = nowOf(context)
  const night = await myNight(firestore, member, orderId)
  const { id } = night
  const blocks = await blocksOf(firestore, member.uid)
  const others = guestsSeenBy(
    member.uid,
    Object.entries(night.night.guests).map(([uid, guest]) => ({ uid, ...guest })),
    blocks,
  )
  const [picks, connections, feedback, reports, sharing, profiles, mates] = await Promise.all([
    pickedBy(firestore, id, member.uid),
    connectionsOf(firestore, member.uid),
    feedbackOf(firestore, id, member.uid),
    reportsFiledOn(firestore, id, member.uid),
    sharingOf(firestore, [...others.map((guest) => guest.uid)]),
    readProfiles(
      firestore,
      others.map((guest) => guest.uid),
    ),
    groupMates(context, night.booking),
  ])
  // Their own group first, as they sat; then everyone else who came.
  others.sort((a, b) => Number(mates.has(b.order_id)) - Number(mates.has(a.order_id)))
  const picked = new Set(picks)
  const connectedWith = new Set(connections.flatMap(({ record }) => record.members))
  const reported = new Map(reports.map((report) => [report.reported_uid, report]))
  const hereConnections = connections.filter(({ record }) => others.some((guest) => record.members.includes(guest.uid)))
  const record = feedback
  return {
    orderId,
    eventId: night.night.event_id,
    eventDate: night.night.event_date,
    open: isOpen(nightState(night.night), now),
    closesAt: new Date(windowCloses(night.night.event_date)).toISOString(),
    feedback: record
      ? {
          rating: Number(record.rating),
          comment: String(record.comment ?? ''),
          improve: record.improve,
        }
      : null,
    guests: others.map((guest) => {
      const photo = profiles.get(guest.uid)?.profile_picture_url
      return {
        guestId: guestKey(id, guest.uid),
        firstName: guest.first_name,
        ...(mates.has(guest.order_id) ? { myGroup: true as const } : {}),
        ...(sharing.get(guest.uid)?.showPhoto && typeof photo === 'string' && photo ? { photoUrl: photo } : {}),
        picked: picked.has(guest.uid),
        connected: connectedWith.has(guest.uid),
        reported: reported.has(guest.uid),
      }
    }),
    connections: hereConnections.map(({ id: connectionId, record: c }) =>
      connectionView(connectionId, c, member.uid, sharing),
    ),
    reports: [...reported.entries()].map(([uid, report]) => ({
      guestId: guestKey(id, uid),
      firstName: String(report.reported_name),
      reason: report.reason,
      at: new Date(Number(report.at)).toISOString(),
      lookedAt: report.status !== 'open',
    })),
  }
}

/** saveFeedback: the guest's rating, comment and what to improve; saved again while open. */
export const saveFeedback: MemberCall<typeof saveFeedbackCall> = async (context, member, input) => {
  const { firestore } = context
  const now = nowOf(context)
  const night = await myNight(firestore, member, input.orderId)
  requireOpen(night.night, now)
  const existing = await feedbackOf(firestore, night.id, member.uid)
  const comment = (input.comment ?? '').trim()
  const improve = [...(input.improve ?? [])].sort()
  if (
    existing &&
    existing.rating === input.rating &&
    existing.comment === comment &&
    JSON.stringify(existing.improve) === JSON.stringify(improve)
  ) {
    return { saved: true, changed: false }
  }
  await saveFeedbackRecord(
    firestore,
    {
      night: night.id,
      event_id: night.night.event_id,
      event_date: night.night.event_date,
      city: night.night.city,
      user_id: member.uid,
      rating: input.rating,
      comment,
      improve,
      at: existing?.at ?? now,
      updated_at: now,
    },
    now,
  )
  return { saved: true, changed: true }
}
