/**
 * What the console's routes read before a page renders: the params, checked by the domain's schema
 * (an unknown event, or a day the event does not run, is no page), what this device saved for the
 * host it knows, so a date or a door opens at once with no signal, and the server's answers, asked
 * for as the page loads and shown when they come (a loader never waits for the network: the page
 * says it is loading meanwhile). These run in the console's own chunk: members' pages never load
 * them, nor the schema library.
 */

import { notFound } from '@tanstack/react-router'
import type { Catalogue, EventId } from '@yaari/domain/catalogue'
import { listCatalogueCall, listCatalogueSchema } from '@yaari/domain/catalogue-editor'
import { dateIssue } from '@yaari/domain/event-id'
import { getGroupsCall } from '@yaari/domain/groups'
import { hostDateSchema, listAuditCall, listHostDatesCall, listReportsCall } from '@yaari/domain/host'
import * as v from 'valibot'
import { call } from '../../lib/call'
import { type CatalogueContext, refreshedCatalogue } from '../../lib/catalogue'
import { localDb } from '../../lib/db'
import { held } from '../../lib/held'
import { firstHostSession, type Host, type HostAccess } from '../../lib/host-access'
import type { Answer } from './answer'
import { readEventDraft } from './catalogue/event-drafts'
import { readDoor } from './door/door-store'
import { readSavedDates, readSavedGuestList } from './guest-lists'
import { hostMessage } from './host-words'
import { type AskedInsights, askInsights } from './insights/insights-query'

/** A date of an event, as the console's addresses name it. */
export interface HostDateParams {
  eventId: EventId
  date: string
}

/** The address's event and date in `catalogue` (one it knows, on a day it runs), or the not-found page. */
export function hostDateParams(catalogue: Catalogue, params: { eventId: string; date: string }): HostDateParams {
  const checked = v.safeParse(hostDateSchema, { eventId: params.eventId, eventDate: params.date })
  if (!checked.success || dateIssue(catalogue, checked.output, { dated: true })) throw notFound()
  return { eventId: checked.output.eventId, date: checked.output.eventDate }
}

/** The same, after asking for the newest catalogue when the event is one this device does not know yet. */
async function knownDate(
  { catalogue }: CatalogueContext,
  params: { eventId: string; date: string },
): Promise<HostDateParams> {
  if (!catalogue().isEventId(params.eventId)) await refreshedCatalogue()
  return hostDateParams(catalogue(), params)
}

/**
 * A server call a page's loader starts for the host (a host the device knows at once, anyone else
 * once checked; nothing for someone the console turns away): its answer, or what went wrong in words.
 */
function hostAnswer<T>(access: HostAccess, ask: (host: Host) => Promise<T>): Promise<Answer<T> | undefined> {
  return firstHostSession(access).then((session) =>
    session.status === 'host'
      ? ask(session).then(
          (value) => ({ value }),
          (error: unknown) => ({ error: hostMessage(error) }),
        )
      : undefined,
  )
}

/** The console's first screen: the dates of the lists this device saved for the host, until the server answers. */
export async function loadHostDates(access: HostAccess) {
  const saved = await held(readSavedDates)
  return { saved, dates: hostAnswer(access, () => call(listHostDatesCall, {}).then(({ dates }) => dates)) }
}

export const loadAudit = (access: HostAccess) => ({
  entries: hostAnswer(access, () => call(listAuditCall, {}).then(({ entries }) => entries)),
})

export const loadReports = (access: HostAccess) => ({
  reports: hostAnswer(access, () => call(listReportsCall, {}).then(({ reports }) => reports)),
})

/** Insights for the last 4 weeks (the page's first period), by this device's day: the server counts the dates. */
/** The numbers for the request the address makes, and that request (the page says which days they are for). */
export const loadInsights = (access: HostAccess, asked: AskedInsights) => ({
  asked,
  first: hostAnswer(access, () => askInsights(asked)),
})

export const loadCatalogue = (access: HostAccess) => ({ view: hostAnswer(access, () => call(listCatalogueCall, {})) })

/**
 * The editor's event as saved (none for "new"), the cities to pick from, and what the host typed on
 * this device. The server reads that one event; an address no event can have is not asked about
 * (the page says the event was not found, as for one that does not exist).
 */
export const loadEventEditor = (access: HostAccess, eventId: string) => ({
  editor: hostAnswer(access, async (host) => {
    const request = v.is(listCatalogueSchema, { id: eventId }) ? { id: eventId } : { id: 'new' }
    const [view, typed] = await Promise.all([call(listCatalogueCall, request), readEventDraft(host.uid, eventId)])
    return { cities: view.cities, saved: view.events.find((event) => event.id === eventId), typed }
  }),
})

export async function loadHostDate(
  context: CatalogueContext & { host: HostAccess },
  params: { eventId: string; date: string },
) {
  const date = await knownDate(context, params)
  const saved = await held((uid) => readSavedGuestList(uid, date.eventId, date.date))
  // The date's groups, asked as the page loads, not once it shows.
  const dateGroups = hostAnswer(context.host, () =>
    call(getGroupsCall, { eventId: date.eventId, eventDate: date.date }).then((answer) => answer.dateGroups),
  )
  return { ...date, saved, dateGroups }
}

export async function loadDoor(context: CatalogueContext, params: { eventId: string; date: string }) {
  const date = await knownDate(context, params)
  const saved = await held(async (uid) => (await readDoor(localDb(), uid, date.eventId, date.date)) ?? null)
  return { ...date, saved }
}
