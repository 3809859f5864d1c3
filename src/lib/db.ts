/**
 * Yaari's local database (IndexedDB through Dexie). What lives here, and why:
 * - drafts: one onboarding draft per member (key: uid), so nothing typed is lost on reload,
 *   offline or when the tab closes. Photos are kept as Blobs with the draft.
 * - outbox: calls to make once the connection is back (completing onboarding offline).
 * - bookings: the member's bookings as last seen online, so My bookings opens at the venue
 *   with no signal.
 * - waitlists: the member's places on waitlists as last seen online (one row per member).
 * - profiles: the member's profile as last seen online, so the profile page opens offline.
 * - notices: the member's notifications (the list under the bell) and the kinds they turned off,
 *   as last seen online (one row per member).
 * - refreshes: when each of those was last brought up to date from the server (per member).
 * - hostLists: a host's last-loaded guest list per date.
 * - doorLists: what a door phone saved before the night (the date's door list and the pass keys).
 * - checkIns: the door's outbox: check-ins and undos in the order made, until the server has them.
 * - eventDrafts: what a host types into the catalogue editor, until it is saved.
 * - memberDrafts: what a member types after an evening (feedback, a report), until it is sent.
 * Member pages read bookings, waitlists, profiles and notices from here, never from the network: the
 * network only fills them (lib/member-data). Imported only by the features that need it: Dexie
 * is not loaded on public pages.
 * Schema rule: one declaration, as the schema is now; a change raises the version number; an older
 * version is declared again only to carry an upgrade() function.
 */
import type { LocalCheckIn } from '@yaari/domain/door'
import Dexie, { type EntityTable } from 'dexie'

export interface DraftRow {
  uid: string
  /** Onboarding step the member was on (1-8). */
  step: number
  /** Validated on read (see features/profile/draft-store.ts): stored data may be stale. */
  data: unknown
  updatedAt: number
}

export interface OutboxRow {
  id?: number
  uid: string
  kind: 'saveProfile'
  payload: unknown
  /** A profile picture not uploaded yet (offline at the time); uploaded before the save. */
  photo?: Blob
  createdAt: number
  attempts: number
}

export interface BookingRow {
  orderId: string
  uid: string
  /** The BookingView from listMyBookings; validated on read like drafts. */
  booking: unknown
  savedAt: number
}

export interface WaitlistRow {
  uid: string
  /** The WaitlistViews from listMyBookings; validated on read. */
  entries: unknown[]
  savedAt: number
}

export interface ProfileRow {
  uid: string
  /** The UserProfileRecord from getMyProfile (null: no profile yet); validated on read. */
  profile: unknown
  /** The mobile verified on the account, and whether the member may book without; validated on read. */
  mobile?: unknown
  savedAt: number
}

export interface NotificationsRow {
  uid: string
  /** The NotificationViews from listNotifications; validated on read. */
  notices: unknown[]
  /** How many are unread, as the server counted them. */
  unread: number
  /** The kinds the member turned off; validated on read. */
  off: unknown[]
  savedAt: number
}

export interface RefreshRow {
  /** "<uid>/<what>": one row per member and kind of data. */
  key: string
  uid: string
  /** When the server's answer was last written here (ms). */
  at: number
}

/** A host's last-loaded guest list of one date, kept to read at the door without a connection. */
export interface HostListRow {
  /** "<uid>/<eventId>_<date>": one row per host and date. */
  key: string
  uid: string
  /** The guest list as getGuestList answered it. */
  list: unknown
  /** When it was loaded (ms). */
  at: number
}

/** A date's door list as a door phone saved it ("Get ready for the door"). */
export interface DoorListRow {
  /** "<uid>/<eventId>_<date>". */
  key: string
  uid: string
  /** The DoorList from getDoorList, its admissions kept up to date by each sync. */
  list: unknown
  /** The passes' public keys of a list saved before they came with it (the list's own keys win). */
  keys?: Record<string, string>
  /** When it was saved (ms). */
  savedAt: number
  /** When the server last took this phone's check-ins (ms). */
  syncedAt?: number
}

/**
 * Where a check-in stands with the server: waiting to be sent, taken, or refused for good (the
 * reason beside it). Stored as the number, which the `[date+synced]` index reads.
 */
export const SYNC = { waiting: 0, taken: 1, refused: 2 } as const
type SyncState = (typeof SYNC)[keyof typeof SYNC]

/** One check-in (or undo) made at a door, kept until the server has it, then as this phone's record. */
export interface CheckInRow {
  seq?: number
  uid: string
  /** "<eventId>_<date>". */
  date: string
  /** The check-in (or undo) as the phone made it: id, kind, orderId, at, method, of, door. */
  op: LocalCheckIn
  /** Where it stands with the server (`SYNC`: a number, as IndexedDB cannot index booleans). */
  synced: SyncState
  /** Why the server refused it (synced 2), in words for the host. */
  refusal?: string
}

/** The catalogue editor's form as typed, per host and event ("new" for one not saved yet). */
export interface EventDraftRow {
  /** "<uid>:<eventId or new>". */
  key: string
  uid: string
  /** The form's fields as typed; checked on read (features/host/catalogue/event-form.ts). */
  form: unknown
  updatedAt: number
}

/** A member's form as typed on a page that is not onboarding (an evening's feedback, a report), until it is sent. */
export interface MemberDraftRow {
  /** "<uid>:<what>", e.g. "<uid>:feedback:<orderId>". */
  key: string
  uid: string
  /** The fields as typed; checked on read by the page that wrote them. */
  form: unknown
  updatedAt: number
}

export class YaariDb extends Dexie {
  drafts!: EntityTable<DraftRow, 'uid'>
  outbox!: EntityTable<OutboxRow, 'id'>
  bookings!: EntityTable<BookingRow, 'orderId'>
  waitlists!: EntityTable<WaitlistRow, 'uid'>
  profiles!: EntityTable<ProfileRow, 'uid'>
  notices!: EntityTable<NotificationsRow, 'uid'>
  refreshes!: EntityTable<RefreshRow, 'key'>
  hostLists!: EntityTable<HostListRow, 'key'>
  doorLists!: EntityTable<DoorListRow, 'key'>
  checkIns!: EntityTable<CheckInRow, 'seq'>
  eventDrafts!: EntityTable<EventDraftRow, 'key'>
  memberDrafts!: EntityTable<MemberDraftRow, 'key'>

  constructor(name = 'yaari') {
    super(name)
    // The schema as it is now, under the latest version number. Dexie (3 and later) upgrades a
    // database from any older version by comparing this with what is installed, so earlier
    // declarations need keeping only where one carries an upgrade() function; none does. Each
    // change to the schema raises the number.
    this.version(11).stores({
      drafts: 'uid',
      outbox: '++id, uid',
      bookings: 'orderId, uid',
      waitlists: 'uid',
      profiles: 'uid',
      // The member's notifications and the kinds turned off, as one row: the list is short (the newest 50).
      notices: 'uid',
      refreshes: 'key, uid',
      hostLists: 'key, uid',
      doorLists: 'key, uid',
      // By member and date (a host's own check-ins) and by date alone: one made by a host who signed
      // out is sent by the next host.
      checkIns: '++seq, uid, [uid+date+synced], [date+synced]',
      // What a host types into the catalogue editor, kept until it is saved.
      eventDrafts: 'key, uid',
      // What a member types after an evening (feedback, a report), kept until it is sent.
      memberDrafts: 'key, uid',
    })
  }
}

let instance: YaariDb | undefined

export function localDb(): YaariDb {
  instance ??= new YaariDb()
  return instance
}

/**
 * Sign-out and logout: remove everything stored for this member on this device, except check-ins
 * the server does not have yet (order ids and times, nothing personal): they sync when the host
 * signs in again, so a sign-out at the door loses no one's entry.
 */
export async function clearMemberData(db: YaariDb, uid: string): Promise<void> {
  const tables = [
    db.drafts,
    db.outbox,
    db.bookings,
    db.waitlists,
    db.profiles,
    db.notices,
    db.refreshes,
    db.hostLists,
    db.doorLists,
    db.checkIns,
    db.eventDrafts,
    db.memberDrafts,
  ]
  await db.transaction('rw', tables, async () => {
    await db.drafts.delete(uid)
    await db.waitlists.delete(uid)
    await db.profiles.delete(uid)
    await db.notices.delete(uid)
    await db.outbox.where('uid').equals(uid).delete()
    await db.bookings.where('uid').equals(uid).delete()
    await db.refreshes.where('uid').equals(uid).delete()
    await db.hostLists.where('uid').equals(uid).delete()
    await db.doorLists.where('uid').equals(uid).delete()
    await db.eventDrafts.where('uid').equals(uid).delete()
    await db.memberDrafts.where('uid').equals(uid).delete()
    await db.checkIns
      .where('uid')
      .equals(uid)
      .and((row) => row.synced !== 0)
      .delete()
  })
}

/**
 * Check-ins made at a door on this phone that the server does not have yet: how many, and the date
 * ("<eventId>_<date>") of the oldest, where a host would sync them. A sign-out warns about them.
 */
export async function unsyncedCheckIns(db: YaariDb): Promise<{ count: number; date?: string }> {
  const waiting = await db.checkIns.filter((row) => row.synced === SYNC.waiting).sortBy('seq')
  return { count: waiting.length, ...(waiting[0] ? { date: waiting[0].date } : {}) }
}
