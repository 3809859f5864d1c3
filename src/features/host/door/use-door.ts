/**
 * What a door does, apart from how it looks: the saved door (read from the device), the door's
 * name, readying it online, the verdicts (recorded on the phone first), undo within the minute,
 * and syncing with the server whenever there is a connection (door-sync.ts sends, then applies
 * what the server answers). The page (door-page.tsx) lays this out.
 */
import type { EventId } from '@yaari/domain/catalogue'
import {
  type CheckInMark,
  type CheckInMethod,
  getDoorListCall,
  type LocalCheckIn,
  UNDO_WINDOW_MS,
} from '@yaari/domain/door'
import { checkedIn, type DoorVerdict, scanVerdict, undoneCheckIns } from '@yaari/domain/door-verdict'
import type { PassPublicKeys } from '@yaari/domain/pass'
import { passVerifier } from '@yaari/domain/pass-verifier'
import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { call, useAction } from '../../../lib/call'
import { useCatalogue } from '../../../lib/catalogue'
import { localDb } from '../../../lib/db'
import { useOnline } from '../../../lib/use-online'
import { HOST_WORDS } from '../host-words'
import { LOG_SIZE, type Refusal, recentChecks } from './door-log'
import { readDoor, recordCheckIn, type SavedDoor, saveDoorList } from './door-store'
import { syncDoorWithServer } from './door-sync'
import { prefetchScanner, qrReader } from './scanner'
import { useWakeLock } from './use-wake-lock'

/** How often an open door asks the server what the other doors did, while online. */
const LIVE_EVERY_MS = 15_000

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
export interface Shown {
  verdict: DoorVerdict
  checkIn?: LocalCheckIn
  method: CheckInMethod
  at: number
}

/** The door of one date on this phone, for this host. */
export function useDoor(
  { uid, verified, eventId, date }: { uid: string; verified: boolean; eventId: EventId; date: string },
  /** The door as the route's loader read it, shown until the live read answers. */
  held?: SavedDoor | null,
) {
  const saved = useLiveQuery(
    async () => (await readDoor(localDb(), uid, eventId, date)) ?? null,
    [uid, eventId, date],
    held,
  )
  const catalogue = useCatalogue()
  // The keys the door was readied with, each imported once for the night's scans.
  const keysText = JSON.stringify(saved?.keys ?? {})
  const passes = useMemo(() => passVerifier(JSON.parse(keysText) as PassPublicKeys), [keysText])
  const [doorName, setDoorName] = useDoorName()
  const online = useOnline()
  const [notice, setNotice] = useState<string>()
  const [syncState, setSyncState] = useState<'idle' | 'syncing' | 'failed'>('idle')
  const [shown, setShown] = useState<Shown>()
  /** This session's refusals: they are no check-ins, so only the page holds them. */
  const [refusals, setRefusals] = useState<Refusal[]>([])
  /** The camera runs once the host starts it (not on opening the page: it costs battery). */
  const [scanning, setScanning] = useState(false)
  const door = doorName.trim() || 'Door'
  // Open and readied, the door keeps the phone's screen on (released when the page closes).
  const wakeLock = useWakeLock(Boolean(saved))

  const sync = useCallback(async () => {
    setSyncState('syncing')
    try {
      await syncDoorWithServer(uid, eventId, date, door)
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

  const readying = useAction(async () => {
    setNotice(undefined)
    const list = await call(getDoorListCall, { eventId, eventDate: date })
    await saveDoorList(localDb(), uid, list, Date.now())
    // The browser may clear a site's storage when space runs short, unless asked to keep it.
    await navigator.storage?.persist?.().catch(() => false)
    // The scanner, ready before the signal goes: its decoder fetched and compiled now.
    await prefetchScanner().catch(() => undefined)
    await qrReader().catch(() => undefined)
    setNotice(`Ready: ${list.expected} paid ${list.expected === 1 ? 'guest' : 'guests'} saved on this phone.`)
  }, HOST_WORDS)
  const ready = () => void readying.run()

  /** Records the check-in of a verdict that admits (on this phone first), then tries to sync. */
  const decide = async (verdict: DoorVerdict, method: CheckInMethod) => {
    let checkIn: LocalCheckIn | undefined
    if (verdict.kind === 'admit') {
      checkIn = {
        id: crypto.randomUUID(),
        kind: 'in',
        orderId: verdict.orderId,
        at: Date.now(),
        method,
        door,
        firstName: verdict.firstName,
      }
      await recordCheckIn(localDb(), uid, eventId, date, checkIn)
    }
    const next: Shown = { verdict, method, at: Date.now(), ...(checkIn ? { checkIn } : {}) }
    setShown(next)
    if (verdict.kind === 'refuse')
      setRefusals((entries) => [{ at: next.at, message: verdict.message }, ...entries].slice(0, LOG_SIZE))
    if (checkIn && navigator.onLine) void sync()
  }

  const undone = undoneCheckIns(saved?.local ?? [])
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
    readying.setError(undefined)
    setNotice('Check-in undone.')
    if (navigator.onLine) void sync()
  }

  /** A code the camera read: judged on this phone, from the pass and the saved door. */
  const onScan = async (code: string) => {
    if (!saved) return
    await decide(await scanVerdict({ list: saved.list, passes, local: saved.local }, catalogue, code), 'qr')
  }

  const next = useCallback(() => setShown(undefined), [])
  const marks: Map<string, CheckInMark> = saved ? checkedIn(saved) : new Map()
  const log = recentChecks(saved?.local ?? [], refusals)
  return {
    saved,
    doorName,
    setDoorName,
    online,
    notice: readying.error ?? notice,
    readying: readying.busy,
    syncState,
    sync,
    ready,
    decide,
    undo,
    undone,
    onScan,
    shown,
    next,
    log,
    scanning,
    setScanning,
    wakeLock,
    marks,
  }
}
