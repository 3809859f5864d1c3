/**
 * Door mode for one date (/host/<event>/<date>/door): readied online ("Get ready for the door"),
 * then it works with no network at all. A guest is admitted by scanning the pass on their ticket
 * or by name or short code; each verdict is made on this phone from the signed pass and the saved
 * list, fills the screen at once, and can be undone for a minute. Check-ins wait in the phone's
 * outbox until a connection takes them to the server; a guest checked in at two doors is shown on
 * both as a double entry once both have synced. This file lays the door out; use-door.ts does it.
 */
import { Link } from '@tanstack/react-router'
import type { EventId } from '@yaari/domain/catalogue'
import { guestVerdict } from '@yaari/domain/door-verdict'
import { coordinatingWords } from '@yaari/domain/help'
import { formatIstClock, formatLongDate, istToday } from '@yaari/domain/schedule'
import { type ReactNode, useEffect } from 'react'
import { css } from 'styled-system/css'
import { flow, wrap } from 'styled-system/patterns'
import { button, heading, link, text } from 'styled-system/recipes'
import { useCatalogue } from '../../../lib/catalogue'
import { heldFor } from '../../../lib/held'
import { TextField } from '../../../ui/field'
import { Tabs } from '../../../ui/tabs'
import { AlertBanner } from '../alert-banner'
import { useHost } from '../host-layout'
import type { DatePageProps } from '../host-pages'
import { useDateHelp } from '../use-date-help'
import { ByName } from './by-name'
import { Doubles, RecentLog, SetAside } from './door-records'
import type { SavedDoor } from './door-store'
import { Scanner } from './scanner-view'
import { useDoor } from './use-door'
import { WAKE_LOCK_WORDS } from './use-wake-lock'
import { VerdictScreen } from './verdict-screen'

/** The door's name takes the row's room beside its button. */
const DOOR_NAME = css({ flex: '1', minW: '40' })

export function DoorPage({ eventId, date, saved, pushAsk }: DatePageProps<SavedDoor | null>) {
  const host = useHost()
  return (
    <Door
      uid={host.uid}
      verified={host.verified}
      eventId={eventId}
      date={date}
      held={heldFor(saved, host.uid)}
      pushAsk={pushAsk}
    />
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
  pushAsk,
  ...where
}: {
  uid: string
  verified: boolean
  eventId: EventId
  date: string
  held?: SavedDoor | null
  pushAsk?: ReactNode
}) {
  const catalogue = useCatalogue()
  useFullScreenTool()
  const door = useDoor(where, held)
  const { eventId, date, verified } = where
  const { saved } = door
  const event = catalogue.eventById(eventId)
  // A guest's alert at the top while one is open; nothing while the calls fail (the door works offline).
  const dateHelp = useDateHelp(eventId, date)
  return (
    <div className={flow({ gap: '3' })}>
      <Link to="/host/$eventId/$date" params={{ eventId, date }} className={link()}>
        ← {event?.title ?? eventId}, {formatLongDate(date)}
      </Link>
      <AlertBanner eventId={eventId} date={date} dateHelp={dateHelp} />
      <h1 className={heading({ level: 'page' })}>Door</h1>
      {dateHelp.help?.youCoordinate ? (
        <>
          <p className={text({ weight: 'semibold' })}>{coordinatingWords(date, istToday())}</p>
          {pushAsk}
        </>
      ) : null}
      {saved === undefined ? null : saved === null ? (
        <p>Save this date’s guest list on this phone before the night: then the door works with no signal.</p>
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
        <p role="alert" className={text({ weight: 'semibold' })}>
          {door.notice}
        </p>
      ) : null}
      <div className={wrap({ gap: '3', alignItems: 'flex-end' })}>
        <TextField
          label="This door"
          value={door.doorName}
          maxLength={40}
          onChange={(e) => door.setDoorName(e.target.value)}
          className={DOOR_NAME}
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
        <p role="status">Checking your sign-in with Yaari: readying the door needs a connection.</p>
      ) : null}

      {saved ? (
        <>
          <Tabs
            look="segment"
            label="How to check a guest in"
            mountShownOnly
            panels={[
              {
                value: 'scan',
                label: 'Scan',
                content: door.scanning ? (
                  <Scanner paused={door.shown !== undefined} onCode={door.onScan} />
                ) : (
                  <button type="button" className={button({ size: 'lg' })} onClick={() => door.setScanning(true)}>
                    Start the camera
                  </button>
                ),
              },
              {
                value: 'name',
                label: 'By name',
                content: (
                  <ByName
                    door={saved}
                    marks={door.marks}
                    onAdmit={(guest, method) => door.decide(guestVerdict(saved, guest), method)}
                  />
                ),
              },
            ]}
          />
          <SetAside door={saved} />
          <Doubles admissions={saved.list.admissions} guests={saved.list.guests} />
          <RecentLog
            log={door.log}
            nameOf={(checkIn) =>
              checkIn.firstName ?? saved.list.guests.find((guest) => guest.orderId === checkIn.orderId)?.name ?? 'Guest'
            }
            undone={door.undone}
            onUndo={door.undo}
          />
        </>
      ) : null}
      {door.shown ? <VerdictScreen shown={door.shown} onNext={door.next} onUndo={door.undo} /> : null}
    </div>
  )
}
