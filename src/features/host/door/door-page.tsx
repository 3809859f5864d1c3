/**
 * Door mode for one date (/host/<event>/<date>/door): readied online ("Get ready for the door"),
 * then it works with no network at all. A guest is admitted by scanning the pass on their ticket
 * or by name or short code; each verdict is made on this phone from the signed pass and the saved
 * list, fills the screen at once, and can be undone for a minute. Check-ins wait in the phone's
 * outbox until a connection takes them to the server; a guest checked in at two doors is shown on
 * both as a double entry once both have synced.
 */
import { Tabs } from '@ark-ui/react/tabs'
import { Link } from '@tanstack/react-router'
import { enumLabel } from '@yaari/domain/booking'
import { type EventId, eventById } from '@yaari/domain/catalogue'
import {
  type Admission,
  type CheckInMethod,
  checkedIn,
  type DoorGuest,
  type DoorVerdict,
  findGuests,
  getDoorListCall,
  guestVerdict,
  type LocalCheckIn,
  scanVerdict,
  syncCheckInsCall,
  UNDO_WINDOW_MS,
} from '@yaari/domain/door'
import { normalizePassCode } from '@yaari/domain/pass'
import { formatIstClock, formatLongDate } from '@yaari/domain/schedule'
import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { grid, wrap } from 'styled-system/patterns'
import { button, card, chip, heading, link, text } from 'styled-system/recipes'
import { localDb } from '../../../lib/db'
import { usePageMeta } from '../../../lib/page-meta'
import { useOnline } from '../../../lib/use-online'
import { TextField } from '../../../ui/field'
import { HostGate } from '../host-pages'
import { callHost, hostErrorMessage } from '../host-session'
import { applyDoorAnswer, readDoor, recordCheckIn, type SavedDoor, saveDoorList, syncDoor } from './door-store'
import { prefetchScanner, qrReader } from './scanner'
import { useWakeLock, WAKE_LOCK_WORDS } from './use-wake-lock'

/** The tab in use reads as pressed: dark, with light text. */
const SELECTED_TAB = css({ '&[data-selected]': { bg: 'ink.900', color: 'white', borderColor: 'ink.900' } })
/** On the verdict's green or red: light buttons, readable at arm's length. */
const ON_VERDICT = {
  next: css({ bg: 'white', color: 'ink.900', _hover: { bg: 'ink.100' } }),
  undo: css({ color: 'white', borderColor: 'white', bg: 'transparent', _hover: { bg: 'whiteAlpha.200' } }),
}

/** How often an open door asks the server what the other doors did, while online. */
const LIVE_EVERY_MS = 15_000
/** A code seen again within this long is the same guest still in front of the camera. */
const SAME_CODE_MS = 4_000
/** A verdict stays on the screen this long (or until "Next guest"). */
const VERDICT_MS = 3_000

export function DoorPage({ eventId, date }: { eventId: EventId; date: string }) {
  const event = eventById(eventId)
  usePageMeta({
    title: `Door: ${event?.title ?? 'date'}, ${date}`,
    description: 'Check guests in, with or without a signal.',
  })
  return (
    <HostGate>
      {(session) => <Door uid={session.uid} verified={session.verified} eventId={eventId} date={date} />}
    </HostGate>
  )
}

/** What this phone calls itself at the door, kept on the device. */
function useDoorName(): [string, (name: string) => void] {
  const [name, setName] = useState(() => {
    const held = localStorage.getItem('yaari-door-name')
    if (held) return held
    const made = `Door ${crypto.randomUUID().slice(0, 4).toUpperCase()}`
    localStorage.setItem('yaari-door-name', made)
    return made
  })
  return [
    name,
    (next: string) => {
      setName(next)
      if (next.trim()) localStorage.setItem('yaari-door-name', next.trim())
    },
  ]
}

/** A verdict as shown: what was decided, and the check-in it made (to undo). */
interface Shown {
  verdict: DoorVerdict
  checkIn?: LocalCheckIn
  method: CheckInMethod
  at: number
}

function Door({ uid, verified, eventId, date }: { uid: string; verified: boolean; eventId: EventId; date: string }) {
  const saved = useLiveQuery(async () => (await readDoor(localDb(), uid, eventId, date)) ?? null, [uid, eventId, date])
  const [doorName, setDoorName] = useDoorName()
  const online = useOnline()
  const [notice, setNotice] = useState<string>()
  const [readying, setReadying] = useState(false)
  const [syncState, setSyncState] = useState<'idle' | 'syncing' | 'failed'>('idle')
  const [shown, setShown] = useState<Shown>()
  const [log, setLog] = useState<Shown[]>([])
  /** The camera runs once the host starts it (not on opening the page: it costs battery). */
  const [scanning, setScanning] = useState(false)
  const door = doorName.trim() || 'Door'
  // Open and readied, the door keeps the phone's screen on (released when the page closes).
  const wakeLock = useWakeLock(Boolean(saved))

  const sync = useCallback(async () => {
    setSyncState('syncing')
    try {
      const send = (name: string, ops: LocalCheckIn[]) =>
        callHost(
          syncCheckInsCall,
          { eventId, eventDate: date, door: name, ops: ops.map(({ door: _door, ...op }) => op) },
          15_000,
        )
      const sent = await syncDoor(localDb(), uid, eventId, date, send)
      // Nothing to send: ask anyway, to learn what the other doors did and who was refunded since.
      if (sent === 0) await applyDoorAnswer(localDb(), uid, eventId, date, await send(door, []))
      setSyncState('idle')
    } catch {
      setSyncState('failed')
    }
  }, [uid, eventId, date, door])

  // Online and readied: send what waits, and keep learning what the other doors did.
  const hasDoor = Boolean(saved)
  useEffect(() => {
    if (!online || !verified || !hasDoor) return
    void sync()
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void sync()
    }, LIVE_EVERY_MS)
    return () => clearInterval(timer)
  }, [online, verified, hasDoor, sync])

  const ready = async () => {
    setReadying(true)
    setNotice(undefined)
    try {
      const list = await callHost(getDoorListCall, { eventId, eventDate: date })
      await saveDoorList(localDb(), uid, list, Date.now())
      // The browser may clear a site's storage when space runs short, unless asked to keep it.
      await navigator.storage?.persist?.().catch(() => false)
      // The scanner, ready before the signal goes: its decoder fetched and compiled now.
      await prefetchScanner().catch(() => undefined)
      await qrReader().catch(() => undefined)
      setNotice(`Ready: ${list.expected} paid ${list.expected === 1 ? 'guest' : 'guests'} saved on this phone.`)
    } catch (error) {
      setNotice(hostErrorMessage(error))
    } finally {
      setReadying(false)
    }
  }

  /** Records the check-in of a verdict that admits (on this phone first), then tries to sync. */
  const decide = async (verdict: DoorVerdict, method: CheckInMethod) => {
    let checkIn: LocalCheckIn | undefined
    if (verdict.kind === 'admit') {
      checkIn = { id: crypto.randomUUID(), kind: 'in', orderId: verdict.orderId, at: Date.now(), method, door }
      await recordCheckIn(localDb(), uid, eventId, date, checkIn)
    }
    const next: Shown = { verdict, method, at: Date.now(), ...(checkIn ? { checkIn } : {}) }
    setShown(next)
    setLog((entries) => [next, ...entries].slice(0, 20))
    if (checkIn && navigator.onLine) void sync()
  }

  const undone = new Set(saved?.local.filter((op) => op.kind === 'undo').map((op) => op.of))
  const undo = async (checkIn: LocalCheckIn) => {
    if (Date.now() - checkIn.at > UNDO_WINDOW_MS || undone.has(checkIn.id)) return
    await recordCheckIn(localDb(), uid, eventId, date, {
      id: crypto.randomUUID(),
      kind: 'undo',
      orderId: checkIn.orderId,
      of: checkIn.id,
      at: Date.now(),
      method: checkIn.method,
      door,
    })
    setShown(undefined)
    setNotice('Check-in undone.')
    if (navigator.onLine) void sync()
  }

  /** A code the camera read: judged on this phone, from the pass and the saved door. */
  const onScan = async (code: string) => {
    if (!saved) return
    await decide(await scanVerdict({ list: saved.list, keys: saved.keys, local: saved.local }, code), 'qr')
  }

  const next = useCallback(() => setShown(undefined), [])
  const event = eventById(eventId)
  const marks = saved ? checkedIn(saved) : new Map()
  return (
    <>
      <Link to="/host/$" params={{ _splat: `${eventId}/${date}` }} className={link()}>
        ← {event?.title ?? eventId}, {formatLongDate(date)}
      </Link>
      <h1 className={cx(heading({ level: 'page' }), css({ mt: '2' }))}>Door</h1>
      {saved === undefined ? null : saved === null ? (
        <p className={css({ mt: '2' })}>
          Save this date’s guest list on this phone before the night: then the door works with no signal.
        </p>
      ) : (
        <p role="status" className={text({ size: 'sm', tone: 'muted' })}>
          {marks.size} of {saved.list.expected} in · List from {formatIstClock(new Date(saved.list.readAt))} ·{' '}
          {saved.unsynced > 0
            ? `${saved.unsynced} ${saved.unsynced === 1 ? 'check-in' : 'check-ins'} not yet synced${online ? '' : ' (offline)'}`
            : syncState === 'syncing'
              ? 'Syncing…'
              : 'Every check-in synced'}{' '}
          <button
            type="button"
            className={button({ variant: 'ghost', size: 'sm' })}
            disabled={!online || !verified || syncState === 'syncing'}
            onClick={() => void sync()}
          >
            Sync now
          </button>
        </p>
      )}
      {saved && wakeLock !== 'off' ? (
        <p className={text({ size: 'sm', tone: 'muted' })}>{WAKE_LOCK_WORDS[wakeLock]}</p>
      ) : null}
      {notice ? (
        <p role="alert" className={css({ mt: '2', fontWeight: 'semibold' })}>
          {notice}
        </p>
      ) : null}
      <div className={wrap({ gap: '3', mt: '3', alignItems: 'flex-end' })}>
        <TextField
          label="This door"
          value={doorName}
          maxLength={40}
          onChange={(e) => setDoorName(e.target.value)}
          className={css({ flex: '1', minW: '40' })}
        />
        <button
          type="button"
          className={button({ variant: saved ? 'outline' : 'solid' })}
          disabled={readying || !verified}
          onClick={ready}
        >
          {readying ? 'Saving…' : saved ? 'Save the list again' : 'Get ready for the door'}
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
              {scanning ? (
                <Scanner paused={shown !== undefined} onCode={onScan} />
              ) : (
                <button type="button" className={button({ size: 'lg' })} onClick={() => setScanning(true)}>
                  Start the camera
                </button>
              )}
            </Tabs.Content>
            <Tabs.Content value="name" className={css({ mt: '3' })}>
              <ByName
                door={saved}
                marks={marks}
                onAdmit={(guest, method) => decide(guestVerdict(saved, guest), method)}
              />
            </Tabs.Content>
          </Tabs.Root>
          <SetAside door={saved} />
          <Doubles admissions={saved.list.admissions} guests={saved.list.guests} />
          <RecentLog log={log} undone={undone} onUndo={undo} />
        </>
      ) : null}
      {shown ? <VerdictScreen shown={shown} onNext={next} onUndo={undo} /> : null}
    </>
  )
}

/** The camera and the decoder: every code read is passed on once while it stays in view. */
function Scanner({ paused, onCode }: { paused: boolean; onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<'starting' | 'on' | 'denied' | 'none'>('starting')
  const latest = useRef({ paused, onCode, last: '', lastAt: 0 })
  latest.current.paused = paused
  latest.current.onCode = onCode
  useEffect(() => {
    let stopped = false
    let stream: MediaStream | undefined
    let frame = 0
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      } catch (error) {
        setState((error as { name?: string }).name === 'NotAllowedError' ? 'denied' : 'none')
        return
      }
      const element = video.current
      if (stopped || !element) return
      element.srcObject = stream
      await element.play().catch(() => undefined)
      const reader = await qrReader()
      setState('on')
      const tick = async () => {
        if (stopped) return
        const seen = latest.current
        if (!seen.paused && element.readyState >= 2) {
          const codes = await reader.read(element).catch(() => [] as string[])
          const code = codes[0]
          const now = performance.now()
          if (code && !(code === seen.last && now - seen.lastAt < SAME_CODE_MS)) {
            performance.mark('door-code-read')
            seen.onCode(code)
          }
          if (code) {
            seen.last = code
            seen.lastAt = now
          }
        }
        frame = requestAnimationFrame(() => void tick())
      }
      void tick()
    })()
    return () => {
      stopped = true
      cancelAnimationFrame(frame)
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [])
  return (
    <div>
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera: hold the guest’s ticket QR code in view"
        className={css({ w: 'full', maxH: '60vh', bg: 'black', borderRadius: 'l2', objectFit: 'cover' })}
      />
      <p role="status" className={text({ size: 'sm', tone: 'muted' })}>
        {state === 'starting'
          ? 'Starting the camera…'
          : state === 'on'
            ? 'Hold the guest’s ticket QR code in view.'
            : state === 'denied'
              ? 'The camera is not allowed for this site. Allow it in the browser’s settings, or check guests in by name.'
              : 'No camera found. Check guests in by name.'}
      </p>
    </div>
  )
}

/** The verdict, filling the screen: admit (green) or refuse (red), with why. */
function VerdictScreen({
  shown,
  onNext,
  onUndo,
}: {
  shown: Shown
  onNext: () => void
  onUndo: (checkIn: LocalCheckIn) => void
}) {
  const { verdict, checkIn } = shown
  const next = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    next.current?.focus()
    performance.mark('door-verdict-shown')
    const timer = setTimeout(onNext, VERDICT_MS)
    return () => clearTimeout(timer)
  }, [onNext])
  const admit = verdict.kind === 'admit'
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="verdict-title"
      aria-describedby="verdict-detail"
      data-verdict={verdict.kind}
      className={css({
        position: 'fixed',
        inset: '0',
        zIndex: 'overlay',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        alignItems: 'center',
        gap: '3',
        p: '6',
        textAlign: 'center',
        color: 'white',
        bg: admit ? 'green.800' : 'red.700',
      })}
    >
      <h2 id="verdict-title" className={css({ fontSize: '4xl', fontWeight: 'bold', lineHeight: 'tight' })}>
        {admit ? `Admit ${verdict.firstName}` : 'Do not admit'}
      </h2>
      <div id="verdict-detail" className={css({ fontSize: 'xl' })}>
        {admit ? (
          <>
            <p>
              {[enumLabel(verdict.tier), verdict.foodPreference && enumLabel(verdict.foodPreference)]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <p className={css({ fontWeight: 'semibold' })}>
              {verdict.inCount} of {verdict.expected} in
            </p>
            {verdict.unlisted ? <p>Booked after the list was saved: a real pass for tonight.</p> : null}
          </>
        ) : (
          <>
            <p>{verdict.message}</p>
            {verdict.firstName ? <p>{verdict.firstName}</p> : null}
            {verdict.earlier ? (
              <p>
                In at {formatIstClock(new Date(verdict.earlier.at))}, {verdict.earlier.door}
                {verdict.earlier.by === 'this phone' ? ' (this phone)' : ` (${verdict.earlier.by})`}
              </p>
            ) : null}
          </>
        )}
      </div>
      <div className={wrap({ gap: '3', justifyContent: 'center' })}>
        {checkIn ? (
          <button
            type="button"
            className={cx(button({ variant: 'outline', size: 'lg' }), ON_VERDICT.undo)}
            onClick={() => onUndo(checkIn)}
          >
            Undo
          </button>
        ) : null}
        <button ref={next} type="button" className={cx(button({ size: 'lg' }), ON_VERDICT.next)} onClick={onNext}>
          Next guest
        </button>
      </div>
    </div>
  )
}

function ByName({
  door,
  marks,
  onAdmit,
}: {
  door: SavedDoor
  marks: Map<string, { at: string; door: string }>
  onAdmit: (guest: DoorGuest, method: CheckInMethod) => void
}) {
  const [query, setQuery] = useState('')
  const found = useMemo(() => findGuests(door.list, query), [door.list, query])
  /** Found by the short code under the QR (read out by the guest), or by name. */
  const methodFor = (guest: DoorGuest): CheckInMethod => {
    const code = normalizePassCode(query.trim().toLowerCase()).replace('-', '')
    return code.length >= 3 && guest.code.replace('-', '').startsWith(code) ? 'code' : 'name'
  }
  return (
    <div>
      <TextField
        label="Name or short code"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        hint="The code under the guest’s QR, e.g. 7KX-M2Q"
      />
      <ul aria-label="Guests at the door" className={grid({ gap: '2', mt: '3' })}>
        {found.map((guest) => {
          const mark = marks.get(guest.orderId)
          return (
            <li key={guest.orderId} className={cx(card({ variant: 'outline' }).root, css({ p: '3' }))}>
              <div className={wrap({ justifyContent: 'space-between', gap: '2', alignItems: 'center' })}>
                <span>
                  <span className={css({ fontWeight: 'semibold' })}>{guest.name}</span>{' '}
                  <span className={text({ size: 'sm', tone: 'muted' })}>
                    {guest.code} · {enumLabel(guest.tier)}
                    {guest.foodPreference ? ` · ${enumLabel(guest.foodPreference)}` : ''}
                  </span>
                </span>
                {guest.state !== 'paid' ? (
                  <span className={chip({ variant: 'muted' }).root}>
                    {guest.state === 'cancelled' ? 'Cancelled' : 'Refunded'}
                  </span>
                ) : mark ? (
                  <span className={chip({ variant: 'subtle' }).root}>
                    In {formatIstClock(new Date(mark.at))}, {mark.door}
                  </span>
                ) : (
                  <button
                    type="button"
                    className={button({ size: 'sm' })}
                    onClick={() => onAdmit(guest, methodFor(guest))}
                    aria-label={`Admit ${guest.name}`}
                  >
                    Admit
                  </button>
                )}
              </div>
            </li>
          )
        })}
      </ul>
      {found.length === 0 ? <p>No guest matches that name or code.</p> : null}
    </div>
  )
}

const METHOD_WORDS: Record<CheckInMethod, string> = { qr: 'pass', code: 'by code', name: 'by name' }

/** Check-ins the server will never take (outside the night, an undo too late): shown with why, never retried. */
function SetAside({ door }: { door: SavedDoor }) {
  if (door.setAside.length === 0) return null
  const nameOf = (orderId: string) => door.list.guests.find((guest) => guest.orderId === orderId)?.name ?? orderId
  return (
    <section aria-labelledby="set-aside" className={cx(card({ variant: 'outline' }).root, css({ p: '3', mt: '5' }))}>
      <h2 id="set-aside" className={heading({ level: 'card' })}>
        Not recorded by Yaari ({door.setAside.length})
      </h2>
      <ul className={grid({ gap: '2', mt: '2' })}>
        {door.setAside.map(({ op, reason }) => (
          <li key={op.id}>
            <span className={css({ fontWeight: 'semibold' })}>
              {op.kind === 'undo' ? 'Undo for ' : ''}
              {nameOf(op.orderId)}
            </span>{' '}
            ({formatIstClock(new Date(op.at))}): {reason}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Guests checked in at two doors: shown, never merged away, for the hosts to look at. */
function Doubles({ admissions, guests }: { admissions: Admission[]; guests: DoorGuest[] }) {
  const doubles = admissions.filter((admission) => admission.doubles.length > 0)
  if (doubles.length === 0) return null
  const nameOf = (orderId: string) => guests.find((guest) => guest.orderId === orderId)?.name ?? orderId
  const when = (mark: { at: string; door: string; by: string }) =>
    `${formatIstClock(new Date(mark.at))} at ${mark.door} (${mark.by})`
  return (
    <section aria-labelledby="doubles" className={cx(card({ variant: 'outline' }).root, css({ p: '3', mt: '5' }))}>
      <h2 id="doubles" className={heading({ level: 'card' })}>
        Double entries ({doubles.length})
      </h2>
      <ul className={grid({ gap: '2', mt: '2' })}>
        {doubles.map((admission) => (
          <li key={admission.orderId}>
            <span className={css({ fontWeight: 'semibold' })}>{nameOf(admission.orderId)}</span>: first{' '}
            {when(admission)}; again {admission.doubles.map(when).join('; again ')}
          </li>
        ))}
      </ul>
    </section>
  )
}

function RecentLog({
  log,
  undone,
  onUndo,
}: {
  log: Shown[]
  undone: Set<string | undefined>
  onUndo: (checkIn: LocalCheckIn) => void
}) {
  const [, setTick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 5_000)
    return () => clearInterval(timer)
  }, [])
  if (log.length === 0) return null
  return (
    <section aria-labelledby="recent" className={css({ mt: '5' })}>
      <h2 id="recent" className={heading({ level: 'card' })}>
        This phone’s last checks
      </h2>
      <ul aria-label="Last checks" className={grid({ gap: '1', mt: '2' })}>
        {log.map((entry) => (
          <li key={`${entry.at}-${entry.checkIn?.id ?? ''}`} className={wrap({ gap: '2', alignItems: 'center' })}>
            <span>
              {formatIstClock(new Date(entry.at))}{' '}
              {entry.verdict.kind === 'admit'
                ? `Admitted ${entry.verdict.firstName} (${METHOD_WORDS[entry.method]})`
                : `Refused: ${entry.verdict.message}`}
            </span>
            {entry.checkIn && undone.has(entry.checkIn.id) ? (
              <span className={text({ size: 'sm', tone: 'muted' })}>(undone)</span>
            ) : entry.checkIn && Date.now() - entry.checkIn.at < UNDO_WINDOW_MS ? (
              <button
                type="button"
                className={button({ variant: 'ghost', size: 'sm' })}
                onClick={() => entry.checkIn && onUndo(entry.checkIn)}
              >
                Undo
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
