/**
 * Door mode for one date (/host/<event>/<date>/door): readied online ("Get ready for the door"),
 * then it works with no network at all. A guest is admitted by scanning the pass on their ticket
 * or by name or short code; each verdict is made on this phone from the signed pass and the saved
 * list, fills the screen at once, and can be undone for a minute. Check-ins wait in the phone's
 * outbox until a connection takes them to the server; a guest checked in at two doors is shown on
 * both as a double entry once both have synced. This file lays the door out; use-door.ts does it.
 */
import { Tabs } from '@ark-ui/react/tabs'
import { Link } from '@tanstack/react-router'
import { type EventId, eventById } from '@yaari/domain/catalogue'
import { guestVerdict } from '@yaari/domain/door'
import { formatIstClock, formatLongDate } from '@yaari/domain/schedule'
import { useEffect } from 'react'
import { css, cx } from 'styled-system/css'
import { wrap } from 'styled-system/patterns'
import { button, heading, link, text } from 'styled-system/recipes'
import { usePageMeta } from '../../../lib/page-meta'
import { TextField } from '../../../ui/field'
import { type Held, heldFor } from '../host-loaders'
import { HostGate } from '../host-pages'
import { ByName } from './by-name'
import { Doubles, RecentLog, SetAside } from './door-records'
import type { SavedDoor } from './door-store'
import { Scanner } from './scanner-view'
import { useDoor } from './use-door'
import { WAKE_LOCK_WORDS } from './use-wake-lock'
import { VerdictScreen } from './verdict-screen'

/** The tab in use reads as pressed: dark, with light text. */
const SELECTED_TAB = css({ '&[data-selected]': { bg: 'ink.900', color: 'white', borderColor: 'ink.900' } })

export function DoorPage({
  eventId,
  date,
  saved,
}: {
  eventId: EventId
  date: string
  /** The door the route's loader read from the device. */
  saved?: Held<SavedDoor | null>
}) {
  const event = eventById(eventId)
  usePageMeta({
    title: `Door: ${event?.title ?? 'date'}, ${date}`,
    description: 'Check guests in, with or without a signal.',
  })
  return (
    <HostGate>
      {(session) => (
        <Door
          uid={session.uid}
          verified={session.verified}
          eventId={eventId}
          date={date}
          held={heldFor(saved, session.uid)}
        />
      )}
    </HostGate>
  )
}

/** While the door is open the whole screen is the door: the site's header and footer go (panda.config.ts). */
function useFullScreenTool() {
  useEffect(() => {
    document.documentElement.dataset.doorMode = ''
    return () => {
      delete document.documentElement.dataset.doorMode
    }
  }, [])
}

function Door({
  held,
  ...where
}: {
  uid: string
  verified: boolean
  eventId: EventId
  date: string
  held?: SavedDoor | null
}) {
  useFullScreenTool()
  const door = useDoor(where, held)
  const { eventId, date, verified } = where
  const { saved } = door
  const event = eventById(eventId)
  return (
    <>
      <Link to="/host/$eventId/$date" params={{ eventId, date }} className={link()}>
        ← {event?.title ?? eventId}, {formatLongDate(date)}
      </Link>
      <h1 className={cx(heading({ level: 'page' }), css({ mt: '2' }))}>Door</h1>
      {saved === undefined ? null : saved === null ? (
        <p className={css({ mt: '2' })}>
          Save this date’s guest list on this phone before the night: then the door works with no signal.
        </p>
      ) : (
        <p role="status" className={text({ size: 'sm', tone: 'muted' })}>
          {door.marks.size} of {saved.list.expected} in · List from {formatIstClock(new Date(saved.list.readAt))} ·{' '}
          {saved.unsynced > 0
            ? `${saved.unsynced} ${saved.unsynced === 1 ? 'check-in' : 'check-ins'} not yet synced${door.online ? '' : ' (offline)'}`
            : door.syncState === 'syncing'
              ? 'Syncing…'
              : 'Every check-in synced'}{' '}
          <button
            type="button"
            className={button({ variant: 'ghost', size: 'sm' })}
            disabled={!door.online || !verified || door.syncState === 'syncing'}
            onClick={() => void door.sync()}
          >
            Sync now
          </button>
        </p>
      )}
      {saved && door.wakeLock !== 'off' ? (
        <p className={text({ size: 'sm', tone: 'muted' })}>{WAKE_LOCK_WORDS[door.wakeLock]}</p>
      ) : null}
      {door.notice ? (
        <p role="alert" className={css({ mt: '2', fontWeight: 'semibold' })}>
          {door.notice}
        </p>
      ) : null}
      <div className={wrap({ gap: '3', mt: '3', alignItems: 'flex-end' })}>
        <TextField
          label="This door"
          value={door.doorName}
          maxLength={40}
          onChange={(e) => door.setDoorName(e.target.value)}
          className={css({ flex: '1', minW: '40' })}
        />
        <button
          type="button"
          className={button({ variant: saved ? 'outline' : 'solid' })}
          disabled={door.readying || !verified}
          onClick={door.ready}
        >
          {door.readying ? 'Saving…' : saved ? 'Save the list again' : 'Get ready for the door'}
        </button>
      </div>
      {!verified && !saved ? (
        <p role="status" className={css({ mt: '2' })}>
          Checking your sign-in with Yaari: readying the door needs a connection.
        </p>
      ) : null}

      {saved ? (
        <>
          <Tabs.Root defaultValue="scan" lazyMount unmountOnExit className={css({ mt: '5' })}>
            <Tabs.List aria-label="How to check a guest in" className={wrap({ gap: '2' })}>
              <Tabs.Trigger value="scan" className={cx(button({ variant: 'outline', size: 'sm' }), SELECTED_TAB)}>
                Scan
              </Tabs.Trigger>
              <Tabs.Trigger value="name" className={cx(button({ variant: 'outline', size: 'sm' }), SELECTED_TAB)}>
                By name
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="scan" className={css({ mt: '3' })}>
              {door.scanning ? (
                <Scanner paused={door.shown !== undefined} onCode={door.onScan} />
              ) : (
                <button type="button" className={button({ size: 'lg' })} onClick={() => door.setScanning(true)}>
                  Start the camera
                </button>
              )}
            </Tabs.Content>
            <Tabs.Content value="name" className={css({ mt: '3' })}>
              <ByName
                door={saved}
                marks={door.marks}
                onAdmit={(guest, method) => door.decide(guestVerdict(saved, guest), method)}
              />
            </Tabs.Content>
          </Tabs.Root>
          <SetAside door={saved} />
          <Doubles admissions={saved.list.admissions} guests={saved.list.guests} />
          <RecentLog log={door.log} undone={door.undone} onUndo={door.undo} />
        </>
      ) : null}
      {door.shown ? <VerdictScreen shown={door.shown} onNext={door.next} onUndo={door.undo} /> : null}
    </>
  )
}
