/**
 * One date in the host console: its numbers, the actions a host takes on it (venue, capacity,
 * sales, cancel), help at the venue (its coordinators, its guests’ alerts, a banner while one is
 * open), and its guest list with search, counts by food preference and gender, and a CSV download.
 * The list is read from the device first (the last one loaded), then refreshed, so it opens at the
 * door with no signal.
 */

import { Link } from '@tanstack/react-router'
import { enumLabel } from '@yaari/domain/booking'
import type { EventId } from '@yaari/domain/catalogue'
import type { GroupsView } from '@yaari/domain/groups'
import { type GuestList, type GuestRow, hostCancelSeatCall } from '@yaari/domain/host'
import { GENDER_LABELS } from '@yaari/domain/profile-choices'
import { eventStartInstant, formatIstClock, formatIstDateTime, formatLongDate } from '@yaari/domain/schedule'
import { type ReactNode, useMemo, useState } from 'react'
import { cx } from 'styled-system/css'
import { flow, wrap } from 'styled-system/patterns'
import { button, heading, text, toolbar } from 'styled-system/recipes'
import { call } from '../../lib/call'
import { useCatalogue } from '../../lib/catalogue'
import { heldFor } from '../../lib/held'
import { AlertBanner } from './alert-banner'
import type { Answer } from './answer'
import { BackToConsole } from './console-link'
import { CancelForm, CapacityForm, DownloadCsv, MessageForm, SalesToggle, VenueForm } from './date-actions'
import { GroupsSection } from './groups-section'
import { GuestItem } from './guest-item'
import { HelpSection } from './help-section'
import { useHost } from './host-layout'
import { DateBadges, DateMoney, DateNumbers, type DatePageProps, VenueWarning } from './host-pages'
import { NightAlerts } from './night-alerts'
import { NightSection } from './night-section'
import { SearchList } from './search-list'
import { useDateHelp } from './use-date-help'
import { useHostDate } from './use-host-date'

export function HostDatePage({
  eventId,
  date,
  saved,
  dateGroups,
  pushAsk,
}: DatePageProps<GuestList | null> & { dateGroups: Promise<Answer<GroupsView> | undefined> }) {
  const host = useHost()
  return (
    <DateConsole
      uid={host.uid}
      verified={host.verified}
      admin={host.roles?.admin === true}
      eventId={eventId}
      date={date}
      held={heldFor(saved, host.uid)}
      dateGroups={dateGroups}
      pushAsk={pushAsk}
    />
  )
}

const COMING: GuestRow['state'][] = ['paid', 'held', 'offered']

/**
 * The page's parts, by the ids of their headings: "After the evening" once it has begun, the last
 * two while a host may act on the date.
 */
const SECTIONS = [
  { id: 'numbers', label: 'Numbers' },
  { id: 'help', label: 'Help at the venue' },
  { id: 'guests', label: 'Guests' },
  { id: 'groups', label: 'Groups' },
  { id: 'night', label: 'After the evening', when: 'night' },
  { id: 'message', label: 'Message', when: 'actions' },
  { id: 'venue', label: 'Venue and sales', when: 'actions' },
] as const

/**
 * A long page (forty guests, their groups) is one tap from each part: links to its sections at the
 * top, a row that wraps on a phone; a tap scrolls to the part's heading and moves the focus there.
 */
function DateSections(shown: { actions: boolean; night: boolean }) {
  return (
    <nav aria-label="On this page">
      <ul className={wrap({ gap: '2' })}>
        {SECTIONS.filter((section) => !('when' in section) || shown[section.when]).map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className={button({ size: 'sm', variant: 'outline' })}
              onClick={(event) => {
                // Scrolled here rather than by an address change, which the router would treat as a
                // navigation (its loader asked again, the scroll restored); the reading position moves too.
                const heading = document.getElementById(section.id)
                if (!heading) return
                event.preventDefault()
                heading.setAttribute('tabindex', '-1')
                heading.scrollIntoView({ block: 'start' })
                heading.focus({ preventScroll: true })
              }}
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function countBy(guests: GuestRow[], pick: (guest: GuestRow) => string | undefined) {
  const counts = new Map<string, number>()
  for (const guest of guests) {
    const key = pick(guest) ?? 'Not given'
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])
}

function DateConsole({
  uid,
  verified,
  admin,
  eventId,
  date,
  held,
  dateGroups,
  pushAsk,
}: {
  uid: string
  verified: boolean
  admin: boolean
  eventId: EventId
  date: string
  held?: GuestList | null
  dateGroups: Promise<Answer<GroupsView> | undefined>
  pushAsk?: ReactNode
}) {
  const catalogue = useCatalogue()
  const { list, refresh, notice, setNotice, act, moderate, markCame } = useHostDate({ uid, eventId, date, held })
  const dateHelp = useDateHelp(eventId, date)
  const event = catalogue.eventById(eventId)
  const [search, setSearch] = useState('')
  const shown = useMemo(() => {
    const query = search.trim().toLowerCase()
    const digits = query.replace(/\D/g, '')
    return (list?.guests ?? []).filter(
      (guest) =>
        !query || guest.name.toLowerCase().includes(query) || (digits.length > 2 && guest.mobile?.includes(digits)),
    )
  }, [list, search])
  const coming = (list?.guests ?? []).filter((guest) => COMING.includes(guest.state))
  // The phone's clock is advice here: the server refuses a mark before the evening starts.
  const started = event !== undefined && Date.now() >= eventStartInstant(date, event.startTime).getTime()
  // The host may act on the date: signed in and checked, the date not cancelled.
  const editable = verified && list?.date.cancelled !== true

  const bar = toolbar()
  return (
    <div className={flow({ gap: '3' })}>
      <BackToConsole />
      <AlertBanner eventId={eventId} date={date} dateHelp={dateHelp} />
      <h1 className={heading({ level: 'page' })}>
        {event?.title ?? eventId}, {formatLongDate(date)}
      </h1>
      <p role="status" className={text({ size: 'sm', tone: 'muted' })}>
        {refresh.status === 'loading'
          ? 'Loading the latest guest list…'
          : refresh.status === 'failed'
            ? list
              ? `Saved on this device ${formatIstDateTime(new Date(list.readAt))}: it could not be refreshed. ${refresh.error}`
              : refresh.error
            : `Up to date as of ${list ? formatIstClock(new Date(list.readAt)) : ''}`}
      </p>
      {notice ? (
        <p role="alert" className={text({ weight: 'semibold' })}>
          {notice}
        </p>
      ) : null}
      {list ? (
        <>
          <DateSections
            actions={editable}
            night={list.night !== undefined && (list.night.state !== 'waiting' || started)}
          />
          <section aria-labelledby="numbers" className={flow({ gap: '3' })}>
            <div className={bar.root}>
              <h2 id="numbers" className={cx(heading({ level: 'section' }), bar.title)}>
                Numbers
              </h2>
              <DateBadges date={list.date} />
            </div>
            <DateNumbers date={list.date} />
            <Link to="/host/$eventId/$date/door" params={{ eventId, date }} className={button({ size: 'sm' })}>
              Door mode: check guests in
            </Link>
            <DateMoney date={list.date} />
            <VenueWarning date={list.date} />
          </section>

          <HelpSection eventId={eventId} date={date} dateHelp={dateHelp} editable={editable} pushAsk={pushAsk} />

          <section aria-labelledby="guests" className={flow({ gap: '3' })}>
            <div className={bar.root}>
              <h2 id="guests" className={cx(heading({ level: 'section' }), bar.title)}>
                Guests
              </h2>
              <DownloadCsv eventId={eventId} date={date} onError={setNotice} />
            </div>
            <p className={text({ size: 'sm', tone: 'muted' })}>
              Coming ({coming.length}) by food:{' '}
              {countBy(coming, (g) => g.foodPreference && enumLabel(g.foodPreference))
                .map(([k, n]) => `${k} ${n}`)
                .join(', ') || 'none yet'}
            </p>
            <p className={text({ size: 'sm', tone: 'muted' })}>
              By gender:{' '}
              {countBy(coming, (g) =>
                g.gender ? (GENDER_LABELS[g.gender as keyof typeof GENDER_LABELS] ?? g.gender) : undefined,
              )
                .map(([k, n]) => `${k} ${n}`)
                .join(', ') || 'none yet'}
            </p>
            <SearchList
              label="Search guests"
              hint="By name or mobile number"
              query={search}
              onQuery={setSearch}
              listLabel="Guest list"
            >
              {shown.map((guest) => (
                <GuestItem
                  key={`${guest.uid}-${guest.orderId ?? 'line'}`}
                  guest={guest}
                  actions={
                    editable
                      ? {
                          admin,
                          moderate: (action, reason, until) =>
                            moderate({
                              eventId,
                              eventDate: date,
                              uid: guest.uid,
                              action,
                              reason,
                              ...(until ? { until } : {}),
                            }),
                          cancelSeat: async (orderId, reason) => {
                            return act(
                              () => call(hostCancelSeatCall, { eventId, eventDate: date, orderId, reason }),
                              `${guest.name}’s seat is cancelled: refunded in full and told why.`,
                              'That seat was already cancelled.',
                            )
                          },
                        }
                      : undefined
                  }
                />
              ))}
            </SearchList>
            {shown.length === 0 ? <p>{search ? 'No guest matches that search.' : 'No guests yet.'}</p> : null}
          </section>

          <GroupsSection eventId={eventId} date={date} dateGroups={dateGroups} editable={editable} />

          <NightSection list={list} started={started} editable={editable} markCame={markCame}>
            <NightAlerts eventId={eventId} date={date} dateHelp={dateHelp} guests={list.guests} editable={editable} />
          </NightSection>

          {!verified ? (
            <p role="status">Checking your sign-in with Yaari: the actions open once it answers.</p>
          ) : list.date.cancelled ? null : (
            <>
              <MessageForm eventId={eventId} date={date} onDone={setNotice} />
              <VenueForm
                key={JSON.stringify(list.venue ?? {})}
                eventId={eventId}
                date={date}
                shared={list.venue}
                act={act}
              />
              <CapacityForm eventId={eventId} date={date} capacity={list.date.capacity} act={act} />
              <SalesToggle eventId={eventId} date={date} open={list.date.salesOpen} act={act} />
              <CancelForm eventId={eventId} date={date} act={act} />
            </>
          )}
        </>
      ) : null}
    </div>
  )
}
