/**
 * What the Insights page shows a host or an admin: the rolled rows of their cities for a period,
 * read from the month documents alone (never the bookings).
 */
import type { RequestOf } from '@yaari/domain/callable'
import { HOST_MESSAGES, type Roles } from '@yaari/domain/host'
import { INSIGHT_MESSAGES, type InsightsView, type loadInsightsCall, UPCOMING_DAYS } from '@yaari/domain/insights'
import { mayHostCity } from '@yaari/domain/roles'
import { addDays, eventStartInstant, istToday } from '@yaari/domain/schedule'
import { HttpsError } from 'firebase-functions/v2/https'
import { type Context, nowOf } from '../../lib/context'
import { lastRollAt, monthsBetween, readMonthRows } from '../../lib/data/insights'
import { ALERTS, alert } from '../../lib/log'

/**
 * What the Insights page shows a host or an admin: the rows of their cities (or the one city or
 * event asked for) in the period, and those of the dates to come.
 */
export async function loadInsights(
  context: Context,
  { roles, uid }: { roles: Roles; uid: string },
  input: RequestOf<typeof loadInsightsCall>,
): Promise<InsightsView> {
  const { firestore, catalogue } = context
  const now = nowOf(context)
  const event = input.eventId ? catalogue.eventById(input.eventId) : undefined
  if (event && input.city && event.city !== input.city) {
    throw new HttpsError('invalid-argument', INSIGHT_MESSAGES.notInCity, {
      field: 'eventId',
      reason: INSIGHT_MESSAGES.notInCity,
    })
  }
  const city = event?.city ?? input.city
  if (city !== undefined && !catalogue.cities.some((c) => c.id === city)) {
    throw new HttpsError('invalid-argument', INSIGHT_MESSAGES.unknownCity, {
      field: 'city',
      reason: INSIGHT_MESSAGES.unknownCity,
    })
  }
  if (city !== undefined && !mayHostCity(roles, city)) {
    alert(ALERTS.hostRefused, { callable: 'loadInsights', uid, reason: HOST_MESSAGES.notYourCity, city })
    throw new HttpsError('permission-denied', HOST_MESSAGES.notYourCity)
  }
  const mine = catalogue.cities.filter((c) => mayHostCity(roles, c.id))
  const cities = city ? [city] : mine.map((c) => c.id)
  const today = istToday(new Date(now))
  const until = addDays(today, UPCOMING_DAYS)
  const wanted = [...new Set([...monthsBetween(input.from, input.to), ...monthsBetween(today, until)])]
  const [found, rolledAt] = await Promise.all([readMonthRows(firestore, cities, wanted), lastRollAt(firestore)])
  const rows = found
    .map(({ row }) => row)
    .filter((row) => cities.includes(row.city) && (!event || row.eventId === event.id))
    .sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.eventId.localeCompare(b.eventId))
  return {
    rows: rows.filter((row) => row.eventDate >= input.from && row.eventDate <= input.to),
    // Dates to come: today's only until its evening starts.
    upcoming: rows.filter((row) => {
      if (row.eventDate > until || row.eventDate < today) return false
      const starts = catalogue.eventById(row.eventId)?.startTime
      return row.eventDate > today || (starts !== undefined && eventStartInstant(today, starts).getTime() > now)
    }),
    cities: mine.map((c) => ({ id: c.id, name: c.name })),
    events: catalogue.events
      .filter((e) => mayHostCity(roles, e.city))
      .map((e) => ({ id: e.id, title: e.title, city: e.city })),
    today,
    ...(rolledAt ? { rolledAt: new Date(rolledAt).toISOString() } : {}),
  }
}
