/**
 * Every callable function, one line each: its contract (name, request schema, messages), what
 * it needs bound (secrets, App Check) and the service that answers it. `callable` does what
 * every one of them needs first: only the site's pages may call (CORS and the Origin header),
 * the raw payload is checked for prototype keys, the member comes only from the verified token,
 * and the request is parsed with the contract's schema (invalid-argument with the reason), so a
 * service receives typed input and never sees the raw request.
 */
import { errorCode } from '@yaari/domain/error-code'
import '../lib/region' // first: the region applies to what is defined below
import { deleteMyAccountCall, exportMyDataCall } from '@yaari/domain/account'
import {
  blockGuestCall,
  getAfterNightCall,
  listConnectionsCall,
  pickGuestCall,
  removeConnectionCall,
  reportGuestCall,
  saveFeedbackCall,
  saveSharingCall,
} from '@yaari/domain/after-night'
import { getAvailabilityCall } from '@yaari/domain/availability'
import { cancelBookingCall, createBookingCall, getBookingCall } from '@yaari/domain/booking'
import type { CallableContract, ParsedRequestOf, RequestOf, ResponseOf } from '@yaari/domain/callable'
import type { Catalogue, YaariEvent } from '@yaari/domain/catalogue'
import {
  archiveCatalogueEventCall,
  listCatalogueCall,
  publishCatalogueEventCall,
  saveCatalogueCityCall,
  saveCatalogueEventCall,
  uploadEventCoverCall,
} from '@yaari/domain/catalogue-editor'
import { getDoorListCall, removeAdmissionCall, syncCheckInsCall } from '@yaari/domain/door'
import { dateIssue, UNKNOWN_EVENT } from '@yaari/domain/event-id'
import { changeSeatingCall, getSeatingCall } from '@yaari/domain/groups'
import {
  exportGuestListCall,
  getGuestListCall,
  guestListCsv,
  HOST_MESSAGES,
  hostCancelDateCall,
  hostCancelSeatCall,
  liftModerationCall,
  listAuditCall,
  listHostDatesCall,
  listReportsCall,
  markAttendanceCall,
  messageGuestsCall,
  moderateMemberCall,
  resolveReportCall,
  setCapacityCall,
  setSalesCall,
  shareVenueCall,
} from '@yaari/domain/host'
import { loadInsightsCall } from '@yaari/domain/insights'
import { listMyBookingsCall } from '@yaari/domain/my-bookings'
import {
  listNotificationsCall,
  markNotificationsReadCall,
  removePushSubscriptionCall,
  saveNotificationSettingsCall,
  savePushSubscriptionCall,
} from '@yaari/domain/notifications'
import { getMyProfileCall, saveProfileCall, uploadProfilePhotoCall } from '@yaari/domain/profile'
import { joinWaitlistCall, leaveWaitlistCall } from '@yaari/domain/waitlist'
import { getAuth } from 'firebase-admin/auth'
import { type CallableOptions, type CallableRequest, HttpsError, onCall } from 'firebase-functions/v2/https'
import { adminApp, db } from '../lib/admin'
import { bothGrant, type HostCaller, refuseStaleHost, requireHost, requireMember } from '../lib/auth'
import { loadCatalogue } from '../lib/catalogue'
import { doorNow } from '../lib/data/stack-clocks'
import { bookingDeps } from '../lib/deps'
import { ALERTS, alert } from '../lib/log'
import { isAllowedOrigin, LOOPBACK_ORIGIN } from '../lib/origins'
import { photoStore } from '../lib/photo-store'
import type { BookingDeps } from '../lib/records'
import {
  APP_CHECK_SITE_KEY,
  APP_ORIGIN,
  CASHFREE_SECRETS,
  PASS_SIGNING_KEY,
  passSigner,
  pushStandinUrl,
} from '../lib/settings'
import { isDemoProject } from '../lib/settings-schema'
import { parseRequest, refuseDangerousKeys } from '../lib/validate'
import * as account from '../services/account'
import * as feedback from '../services/after-night/feedback'
import * as picks from '../services/after-night/picks'
import * as reports from '../services/after-night/reports'
import * as sharing from '../services/after-night/sharing'
import * as audit from '../services/audit'
import * as availability from '../services/availability'
import * as cancel from '../services/bookings/cancel'
import * as create from '../services/bookings/create'
import * as views from '../services/bookings/views'
import * as covers from '../services/catalogue/covers'
import * as editor from '../services/catalogue/editor'
import * as hostActions from '../services/host/actions'
import * as hostDates from '../services/host/dates'
import * as door from '../services/host/door'
import * as hostMessages from '../services/host/messages'
import * as moderation from '../services/host/moderation'
import * as hostNight from '../services/host/night'
import * as insights from '../services/insights/view'
import * as notices from '../services/notify/notices'
import * as photos from '../services/photos'
import * as profile from '../services/profile'
import * as seating from '../services/seating/plans'
import * as seatingView from '../services/seating/view'
import * as waitlist from '../services/waitlist/line'
import { runOptions } from './sizing'

const LOCAL = process.env.FUNCTIONS_EMULATOR === 'true'

/** Who is calling: a member (from the verified token), or a visitor on a public callable. */
type Caller<Public extends boolean> = Public extends true ? undefined : ReturnType<typeof requireMember>

interface Registration<Public extends boolean> extends Omit<CallableOptions, 'cors'> {
  /** Answers visitors too (no sign-in needed). */
  public?: Public
}

/**
 * Every callable refuses calls without a valid App Check token once a site key is configured (a
 * real project's preflight refuses a deploy without one, unless WAIVE_APP_CHECK says why).
 */
const withAppCheck = { enforceAppCheck: APP_CHECK_SITE_KEY.notEquals('') }

/** What every callable checks first: only the site's pages may call, and no prototype keys. */
function refuseStrangers(request: CallableRequest) {
  const site = { appOrigin: APP_ORIGIN.value(), local: isDemoProject(process.env.GCLOUD_PROJECT ?? '') }
  if (!isAllowedOrigin(request.rawRequest?.headers.origin, site)) {
    throw new HttpsError('permission-denied', 'This page may not call Yaari.')
  }
  refuseDangerousKeys((request.rawRequest?.body as { data?: unknown } | undefined)?.data)
}

/** What a callable's handler is given besides the request: the catalogue read for it, and the raw request. */
interface CallContext {
  catalogue: Catalogue
  request: CallableRequest
}

/**
 * Parses the request with the contract's schema, then checks what it names against the published
 * catalogue (an event it knows; for a host's request, a date the event runs on).
 */
function parseAgainst<C extends CallableContract>(contract: C, catalogue: Catalogue, data: unknown, dated: boolean) {
  const input = parseRequest(contract.request, data) as ParsedRequestOf<C>
  const issue = dateIssue(catalogue, input, { dated })
  if (issue) throw new HttpsError('invalid-argument', issue)
  return input
}

function callable<C extends CallableContract, Public extends boolean = false>(
  contract: C,
  handle: (input: ParsedRequestOf<C>, caller: Caller<Public>, context: CallContext) => Promise<ResponseOf<C>>,
  { public: isPublic, ...options }: Registration<Public> = {},
) {
  const sized = { ...withAppCheck, ...runOptions(contract.name), ...options }
  const endpoint = onCall({ ...sized, cors: LOCAL ? LOOPBACK_ORIGIN : APP_ORIGIN }, async (request) => {
    refuseStrangers(request)
    const caller = (isPublic ? undefined : requireMember(request)) as Caller<Public>
    // The request's eventId is checked against, and the service prices from, what is published now.
    const catalogue = await loadCatalogue(db())
    return handle(parseAgainst(contract, catalogue, request.data, false), caller, { catalogue, request })
  })
  return Object.assign(endpoint, { contract })
}

/** A refused host call is logged (who, which callable, why): a revoked host or a probe shows up in the logs. */
function logRefusal(name: string, request: CallableRequest, error: unknown): never {
  if (error instanceof HttpsError && (error.code === 'permission-denied' || error.code === 'unauthenticated')) {
    alert(ALERTS.hostRefused, { callable: name, uid: request.auth?.uid ?? null, reason: error.message })
  }
  throw error
}

/**
 * A host's callable: refused (permission-denied) unless the verified token makes the caller a host
 * or an admin, before the request is even parsed; then unless their account still says so (a
 * revoked session or a role taken away is refused within a minute, not when the token expires);
 * then, for a request naming an event, unless they host in its city. Every refusal is logged.
 */
function hostCallable<C extends CallableContract>(
  contract: C,
  handle: (input: RequestOf<C>, host: HostCaller, catalogue: Catalogue) => Promise<ResponseOf<C>>,
  options: Omit<CallableOptions, 'cors'> = {},
) {
  const sized = { ...withAppCheck, ...runOptions(contract.name), ...options }
  const endpoint = onCall({ ...sized, cors: LOCAL ? LOOPBACK_ORIGIN : APP_ORIGIN }, async (request) => {
    refuseStrangers(request)
    let host: HostCaller
    let input: RequestOf<C>
    let catalogue: Catalogue
    try {
      // Roles follow the published cities, and the request's eventId is checked against its events.
      catalogue = await loadCatalogue(db())
      requireHost(catalogue, request)
      input = parseAgainst(contract, catalogue, request.data, true)
      const named = (input as { eventId?: unknown }).eventId
      const eventId = typeof named === 'string' ? named : undefined
      const token = requireHost(catalogue, request, eventId)
      // Rights are what the token and the account both grant: a city taken away stops at once.
      host = {
        ...token,
        roles: bothGrant(token.roles, await refuseStaleHost(getAuth(adminApp()), catalogue, request, eventId)),
      }
    } catch (error) {
      logRefusal(contract.name, request, error)
    }
    return handle(input, host, catalogue)
  })
  return Object.assign(endpoint, { contract })
}

/** An admin's callable: a host callable that refuses hosts too. */
function adminCallable<C extends CallableContract>(
  contract: C,
  handle: (input: RequestOf<C>, admin: HostCaller, catalogue: Catalogue) => Promise<ResponseOf<C>>,
  options: Omit<CallableOptions, 'cors'> = {},
) {
  return hostCallable(
    contract,
    (input, host, catalogue) => {
      if (!host.roles.admin) {
        alert(ALERTS.hostRefused, { callable: contract.name, uid: host.uid, reason: HOST_MESSAGES.adminsOnly })
        throw new HttpsError('permission-denied', HOST_MESSAGES.adminsOnly)
      }
      return handle(input, host, catalogue)
    },
    options,
  )
}

/** The pass keys a door phone may verify with: the one the functions sign with now. */
const doorKeys = () => {
  const signer = passSigner()
  return { [signer.keyId]: signer.publicKey }
}

/** Functions that call Cashfree: its secret bound, so the runtime passes it to them and no others. */
const withCashfree = { secrets: CASHFREE_SECRETS }
/** Functions that answer with tickets: Cashfree's secret and the key that signs members' passes. */
const withPasses = { secrets: [...CASHFREE_SECRETS, PASS_SIGNING_KEY] }

/** Deletes the sign-in; one already gone (a second try) is not an error. */
async function deleteAuthUser(uid: string): Promise<void> {
  await getAuth(adminApp())
    .deleteUser(uid)
    .catch((error: unknown) => {
      if (errorCode(error) !== 'auth/user-not-found') throw error
    })
}

/** The event a checked request names (the wrappers refused one the catalogue does not know). */
function eventOf(catalogue: Catalogue, eventId: string): YaariEvent {
  const event = catalogue.eventById(eventId)
  if (!event) throw new HttpsError('invalid-argument', UNKNOWN_EVENT)
  return event
}

export const getAvailability = callable(
  getAvailabilityCall,
  (input, _, { catalogue }) => availability.getAvailability(bookingDeps(catalogue), input),
  {
    ...withCashfree,
    public: true,
  },
)
export const saveProfile = callable(saveProfileCall, (input, member) =>
  profile.saveProfile(db(), photoStore(), member, input),
)
export const getMyProfile = callable(getMyProfileCall, (_, member) => profile.getMyProfile(db(), member))
export const uploadProfilePhoto = callable(uploadProfilePhotoCall, (input, member) =>
  photos.uploadProfilePhoto(db(), photoStore(), member, input),
)
/** A member's booking call: it may take money or give it back through Cashfree, so it binds Cashfree's secret. */
const bookingCallable = <C extends CallableContract>(
  contract: C,
  act: (deps: BookingDeps, member: Caller<false>, input: ParsedRequestOf<C>) => Promise<ResponseOf<C>>,
) => callable(contract, (input, member, { catalogue }) => act(bookingDeps(catalogue), member, input), withCashfree)
export const createBooking = bookingCallable(createBookingCall, create.createBooking)
export const getBooking = callable(
  getBookingCall,
  (input, member, { catalogue }) =>
    views.getBooking({ ...bookingDeps(catalogue), passes: passSigner() }, member, input),
  withPasses,
)
export const cancelBooking = bookingCallable(cancelBookingCall, cancel.cancelBooking)
export const joinWaitlist = bookingCallable(joinWaitlistCall, waitlist.joinWaitlist)
export const leaveWaitlist = bookingCallable(leaveWaitlistCall, waitlist.leaveWaitlist)
export const listMyBookings = callable(
  listMyBookingsCall,
  (_, member, { catalogue }) => views.listMyBookings({ ...bookingDeps(catalogue), passes: passSigner() }, member),
  withPasses,
)
export const exportMyData = callable(exportMyDataCall, (_, member) => account.exportMyData({ firestore: db() }, member))
export const deleteMyAccount = callable(
  deleteMyAccountCall,
  (_, member, { catalogue, request }) =>
    account.deleteMyAccount(
      { ...bookingDeps(catalogue), photos: photoStore(), deleteAuthUser },
      { ...member, signedInAt: Number(request.auth?.token.auth_time) * 1000 },
    ),
  withCashfree,
)

// Hosts' console: every date of their cities, a date's guest list, and what they do to a date.
export const listHostDates = hostCallable(listHostDatesCall, async (_, host, catalogue) => ({
  dates: await hostDates.listHostDates(db(), catalogue, host.roles, Date.now()),
}))
export const getGuestList = hostCallable(getGuestListCall, async (input, host, catalogue) => {
  const now = Date.now()
  const event = eventOf(catalogue, input.eventId)
  const list = await hostDates.guestList(db(), event, input.eventDate, now)
  // One line per host, date and 10 minutes: an open console refreshes its list every 30 s.
  const window = Math.floor(now / 600_000)
  await audit.recordAudit(
    db(),
    host,
    {
      action: 'view-guest-list',
      about: audit.onDate(event, input.eventDate),
      change: { guests: list.guests.length },
      at: now,
    },
    `view_${host.uid}_${input.eventId}_${input.eventDate}_${window}`,
  )
  return list
})
export const exportGuestList = hostCallable(exportGuestListCall, async (input, host, catalogue) => {
  const event = eventOf(catalogue, input.eventId)
  const list = await hostDates.guestList(db(), event, input.eventDate, Date.now())
  await audit.recordAudit(db(), host, {
    action: 'export-guest-list',
    about: audit.onDate(event, input.eventDate),
    change: { guests: list.guests.length },
    at: Date.now(),
  })
  return { filename: `yaari-${input.eventId}-${input.eventDate}.csv`, csv: guestListCsv(list.guests) }
})
export const listAudit = hostCallable(listAuditCall, async (_, host) => ({
  entries: await audit.listAudit(db(), host.roles),
}))
export const messageGuests = hostCallable(messageGuestsCall, (input, host, catalogue) =>
  hostMessages.messageGuests(bookingDeps(catalogue), host, input),
)
export const moderateMember = hostCallable(moderateMemberCall, (input, host, catalogue) =>
  moderation.moderateMember(db(), getAuth(adminApp()), catalogue, host, input, Date.now()),
)
export const liftModeration = adminCallable(liftModerationCall, (input, host) =>
  moderation.liftModeration(db(), host, input, Date.now()),
)
/** A host's change to a date: it may refund or cancel through Cashfree, so it binds Cashfree's secret. */
const hostBookingCallable = <C extends CallableContract>(
  contract: C,
  act: (deps: BookingDeps, host: HostCaller, input: RequestOf<C>) => Promise<ResponseOf<C>>,
) => hostCallable(contract, (input, host, catalogue) => act(bookingDeps(catalogue), host, input), withCashfree)
export const shareVenue = hostBookingCallable(shareVenueCall, hostActions.shareVenue)
export const setCapacity = hostBookingCallable(setCapacityCall, hostActions.changeCapacity)
export const setSales = hostBookingCallable(setSalesCall, hostActions.setSales)
export const hostCancelDate = hostBookingCallable(hostCancelDateCall, hostActions.cancelHostedDate)
export const hostCancelSeat = hostBookingCallable(hostCancelSeatCall, hostActions.cancelGuestSeat)

// The door: a phone saves a date's door list before the night, and syncs its check-ins when it can.
/** What a door call acts on: the event, and the date's clock (the stack's clock for that date locally). */
const doorDate = async (catalogue: Catalogue, input: { eventId: string; eventDate: string }) => ({
  event: eventOf(catalogue, input.eventId),
  now: await doorNow(db(), input.eventId, input.eventDate),
})
const withPassKey = { secrets: [PASS_SIGNING_KEY] }
export const getDoorList = hostCallable(
  getDoorListCall,
  async (input, host, catalogue) => {
    const { event, now } = await doorDate(catalogue, input)
    return door.getDoorList(db(), host, event, input, doorKeys(), now)
  },
  withPassKey,
)
export const syncCheckIns = hostCallable(
  syncCheckInsCall,
  async (input, host, catalogue) => {
    const { event, now } = await doorDate(catalogue, input)
    return door.syncCheckIns(db(), host, event, input, doorKeys(), now)
  },
  withPassKey,
)
export const removeAdmission = adminCallable(removeAdmissionCall, async (input, admin, catalogue) => {
  const { event, now } = await doorDate(catalogue, input)
  return door.removeAdmission(db(), admin, event, input, now)
})

// The catalogue editor: hosts edit their cities' events, admins everything and the cities.
const editorOf = (host: HostCaller) => ({ actor: host, roles: host.roles })
const isCoverUrl = (url: string, eventId: string) => photoStore().isCoverUrl(url, eventId)
export const listCatalogue = hostCallable(listCatalogueCall, (input, host) =>
  editor.listCatalogue(db(), host.roles, input),
)
export const saveCatalogueEvent = hostCallable(saveCatalogueEventCall, (input, host, catalogue) =>
  editor.saveEvent(db(), catalogue, editorOf(host), input, isCoverUrl, Date.now()),
)
export const publishCatalogueEvent = hostCallable(publishCatalogueEventCall, (input, host) =>
  editor.publishEvent(db(), editorOf(host), input, isCoverUrl, Date.now()),
)
export const archiveCatalogueEvent = hostCallable(archiveCatalogueEventCall, (input, host) =>
  editor.archiveEvent(db(), editorOf(host), input, Date.now()),
)
export const saveCatalogueCity = adminCallable(saveCatalogueCityCall, (input, admin) =>
  editor.saveCity(db(), admin, input, Date.now()),
)
export const uploadEventCover = hostCallable(uploadEventCoverCall, (input, host) =>
  covers.uploadEventCover(db(), photoStore(), editorOf(host), input, Date.now()),
)

// After the night: the guests who came rate it, pick whom they would meet again, and report; hosts see it and act.
export const getAfterNight = callable(getAfterNightCall, (input, member) =>
  feedback.getAfterNight(db(), member, input, Date.now()),
)
export const saveFeedback = callable(saveFeedbackCall, (input, member) =>
  feedback.saveFeedback(db(), member, input, Date.now()),
)
export const pickGuest = callable(pickGuestCall, (input, member) => picks.pickGuest(db(), member, input, Date.now()))
export const blockGuest = callable(blockGuestCall, (input, member) => picks.blockGuest(db(), member, input, Date.now()))
export const reportGuest = callable(reportGuestCall, (input, member) =>
  reports.reportGuest(db(), member, input, Date.now()),
)
export const listConnections = callable(listConnectionsCall, (input, member) =>
  picks.listConnections(db(), member, input, Date.now()),
)
export const removeConnection = callable(removeConnectionCall, (input, member) =>
  picks.removeConnection(db(), member, input, Date.now()),
)
export const saveSharing = callable(saveSharingCall, (input, member) =>
  sharing.saveSharing(db(), member, input, Date.now()),
)
export const markAttendance = hostCallable(markAttendanceCall, async (input, host, catalogue) => {
  const { event, now } = await doorDate(catalogue, input)
  return hostNight.markAttendance(db(), host, event, input, now)
})
export const listReports = hostCallable(listReportsCall, (_, host) =>
  hostNight.listReports(db(), host.roles, Date.now()),
)
export const resolveReport = hostCallable(resolveReportCall, (input, host, catalogue) =>
  hostNight.resolveReport(db(), getAuth(adminApp()), catalogue, host, input, Date.now()),
)

// A date's groups: the host plans, moves, locks and publishes; members see their own at the reveal (on their booking).
export const getSeating = hostCallable(getSeatingCall, (input, _, catalogue) =>
  seatingView.getSeating(db(), eventOf(catalogue, input.eventId), input),
)
export const changeSeating = hostCallable(changeSeatingCall, (input, host, catalogue) =>
  seating.changeSeating(db(), host, eventOf(catalogue, input.eventId), input, Date.now()),
)

/** The Insights page's numbers: the rollups of the caller's cities (an admin's: every city) for a period. */
export const loadInsights = hostCallable(loadInsightsCall, (input, host, catalogue) =>
  insights.loadInsights(db(), catalogue, host, input, Date.now()),
)

// What members are told: the list under the bell, read marks, the kinds turned off, and the devices push goes to.
export const listNotifications = callable(listNotificationsCall, (_, member) => notices.listNotices(db(), member.uid))
export const markNotificationsRead = callable(markNotificationsReadCall, (input, member) =>
  notices.markRead(db(), member.uid, input),
)
export const saveNotificationSettings = callable(saveNotificationSettingsCall, (input, member) =>
  notices.saveSettings(db(), member.uid, input.off, Date.now()),
)
export const savePushSubscription = callable(savePushSubscriptionCall, (input, member) =>
  notices.saveSubscription(db(), member.uid, input, Date.now(), pushStandinUrl()),
)
export const removePushSubscription = callable(removePushSubscriptionCall, (input, member) =>
  notices.removeSubscription(db(), member.uid, input.endpoint),
)
