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
import type { Catalogue } from '@yaari/domain/catalogue'
import {
  archiveCatalogueEventCall,
  listCatalogueCall,
  publishCatalogueEventCall,
  saveCatalogueCityCall,
  saveCatalogueEventCall,
  uploadEventCoverCall,
} from '@yaari/domain/catalogue-editor'
import { getDoorListCall, removeAdmissionCall, syncCheckInsCall } from '@yaari/domain/door'
import { dateIssue } from '@yaari/domain/event-id'
import { changeGroupsCall, getGroupsCall } from '@yaari/domain/groups'
import {
  answerAlertCall,
  cancelAlertCall,
  getDateHelpCall,
  listMyAlertsCall,
  raiseAlertCall,
  reportAlertCall,
  setCoordinatorsCall,
} from '@yaari/domain/help'
import {
  exportGuestListCall,
  getGuestListCall,
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
import { askForCodeCall, confirmPhoneCall } from '@yaari/domain/phone'
import { getMyProfileCall, saveProfileCall, uploadProfilePhotoCall } from '@yaari/domain/profile'
import { joinWaitlistCall, leaveWaitlistCall } from '@yaari/domain/waitlist'
import { getAuth } from 'firebase-admin/auth'
import { type CallableOptions, type CallableRequest, HttpsError, onCall } from 'firebase-functions/v2/https'
import { adminApp, db } from '../lib/admin'
import { bothGrant, type HostCaller, refuseStaleHost, requireHost, requireMember } from '../lib/auth'
import { loadCatalogue } from '../lib/catalogue'
import { type Context, clockAt } from '../lib/context'
import { doorNow } from '../lib/data/stack-clocks'
import { bookingDeps } from '../lib/deps'
import { ALERTS, alert } from '../lib/log'
import { isAllowedOrigin, LOOPBACK_ORIGIN } from '../lib/origins'
import { photoStore } from '../lib/photo-store'
import { webPusher } from '../lib/push'
import type { BookingDeps } from '../lib/records'
import {
  APP_CHECK_SITE_KEY,
  APP_ORIGIN,
  CASHFREE_SECRETS,
  PASS_SIGNING_KEY,
  passSigner,
  pushStandinUrl,
  VAPID_PRIVATE_KEY,
  vapidSettings,
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
import * as groupPlans from '../services/groups/plans'
import * as groupsView from '../services/groups/view'
import * as helpAlerts from '../services/help/alerts'
import * as helpDates from '../services/help/coordinators'
import * as hostActions from '../services/host/actions'
import * as hostDates from '../services/host/dates'
import * as door from '../services/host/door'
import * as hostMessages from '../services/host/messages'
import * as moderation from '../services/host/moderation'
import * as hostNight from '../services/host/night'
import * as insights from '../services/insights/view'
import { pushNow } from '../services/notifications/deliver'
import * as notifications from '../services/notifications/member-notifications'
import * as phone from '../services/phone'
import * as photos from '../services/photos'
import * as profile from '../services/profile'
import * as waitlist from '../services/waitlist/line'
import { runOptions } from './sizing'

const LOCAL = process.env.FUNCTIONS_EMULATOR === 'true'

/**
 * Who is calling: a member as the verified token names them (with when they last entered their
 * password, its auth_time), or a visitor on a public callable.
 */
type Caller<Public extends boolean> = Public extends true
  ? undefined
  : ReturnType<typeof requireMember> & { signedInAt: number }

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

/** A member's callable (or, with `public`, anyone's): its service is called as `service(context, member, input)`. */
function callable<C extends CallableContract, Public extends boolean = false>(
  contract: C,
  handle: (context: Context, caller: Caller<Public>, input: ParsedRequestOf<C>) => Promise<ResponseOf<C>>,
  { public: isPublic, ...options }: Registration<Public> = {},
) {
  const sized = { ...withAppCheck, ...runOptions(contract.name), ...options }
  const endpoint = onCall({ ...sized, cors: LOCAL ? LOOPBACK_ORIGIN : APP_ORIGIN }, async (request) => {
    refuseStrangers(request)
    const caller = (
      isPublic ? undefined : { ...requireMember(request), signedInAt: Number(request.auth?.token.auth_time) * 1000 }
    ) as Caller<Public>
    // The request's eventId is checked against, and the service prices from, what is published now.
    const catalogue = await loadCatalogue(db())
    const input = parseAgainst(contract, catalogue, request.data, false)
    return handle({ firestore: db(), catalogue }, caller, input)
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

/** A service a host's callable answers with: `service(context, host, input)`. */
type HostService<C extends CallableContract> = (
  context: Context,
  host: HostCaller,
  input: RequestOf<C>,
) => Promise<ResponseOf<C>>

/**
 * A host's callable: refused (permission-denied) unless the verified token makes the caller a host
 * or an admin, before the request is even parsed; then unless their account still says so (a
 * revoked session or a role taken away is refused within a minute, not when the token expires);
 * then, for a request naming an event, unless they host in its city. Every refusal is logged.
 */
function hostCallable<C extends CallableContract>(
  contract: C,
  handle: HostService<C>,
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
    return handle({ firestore: db(), catalogue }, host, input)
  })
  return Object.assign(endpoint, { contract })
}

/** An admin's callable: a host callable that refuses hosts too. */
function adminCallable<C extends CallableContract>(
  contract: C,
  handle: HostService<C>,
  options: Omit<CallableOptions, 'cors'> = {},
) {
  return hostCallable(
    contract,
    (context, host, input) => {
      if (!host.roles.admin) {
        alert(ALERTS.hostRefused, { callable: contract.name, uid: host.uid, reason: HOST_MESSAGES.adminsOnly })
        throw new HttpsError('permission-denied', HOST_MESSAGES.adminsOnly)
      }
      return handle(context, host, input)
    },
    options,
  )
}

/** What some services need beyond the context, added by their callables. */
const withPhotos = <T extends Context>(context: T) => ({ ...context, photos: photoStore() })
const withAuth = <T extends Context>(context: T) => ({ ...context, auth: getAuth(adminApp()) })
/** The team's accounts, and a push sent at once: for a guest's alert to their coordinators. */
const withHelp = (context: Context) => ({
  ...withAuth(context),
  nightNow: (eventId: string, date: string) => doorNow(context.firestore, eventId, date),
  pushNow: (id: string, now: number) =>
    pushNow(
      { firestore: context.firestore, pusher: () => webPusher(vapidSettings), pushStandin: pushStandinUrl() },
      id,
      now,
    ),
})
/** The catalogue editor's check that a cover is the site's or one uploaded for this event. */
const withCoverCheck = <T extends Context>(context: T) => ({
  ...context,
  isCoverUrl: (url: string, eventId: string) => photoStore().isCoverUrl(url, eventId),
})
/** Cashfree and where checkout returns, for a service that may take money or give it back. */
const withGateway = (context: Context): BookingDeps => ({ ...bookingDeps(context.catalogue), ...context })
/** ... and the key that signs members' passes, for one that answers with tickets. */
const withTickets = (context: Context) => ({ ...withGateway(context), passes: passSigner() })

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

export const getAvailability = callable(
  getAvailabilityCall,
  (context, _, input) => availability.getAvailability(withGateway(context), input),
  { ...withCashfree, public: true },
)
export const saveProfile = callable(saveProfileCall, (context, member, input) =>
  profile.saveProfile(withPhotos(context), member, input),
)
export const getMyProfile = callable(getMyProfileCall, profile.getMyProfile)
export const askForCode = callable(askForCodeCall, phone.askForCode)
export const confirmPhone = callable(confirmPhoneCall, (context, member) =>
  phone.confirmPhone(withAuth(context), member),
)
export const uploadProfilePhoto = callable(uploadProfilePhotoCall, (context, member, input) =>
  photos.uploadProfilePhoto(withPhotos(context), member, input),
)
/** A member's booking call: it may take money or give it back through Cashfree, so it binds Cashfree's secret. */
const bookingCallable = <C extends CallableContract>(
  contract: C,
  act: (deps: BookingDeps, member: Caller<false>, input: ParsedRequestOf<C>) => Promise<ResponseOf<C>>,
) => callable(contract, (context, member, input) => act(withGateway(context), member, input), withCashfree)
export const createBooking = bookingCallable(createBookingCall, create.createBooking)
export const getBooking = callable(
  getBookingCall,
  (context, member, input) => views.getBooking(withTickets(context), member, input),
  withPasses,
)
export const cancelBooking = bookingCallable(cancelBookingCall, cancel.cancelBooking)
export const joinWaitlist = bookingCallable(joinWaitlistCall, waitlist.joinWaitlist)
export const leaveWaitlist = bookingCallable(leaveWaitlistCall, waitlist.leaveWaitlist)
export const listMyBookings = callable(
  listMyBookingsCall,
  (context, member) => views.listMyBookings(withTickets(context), member),
  withPasses,
)
export const exportMyData = callable(exportMyDataCall, account.exportMyData)
export const deleteMyAccount = callable(
  deleteMyAccountCall,
  (context, member) =>
    account.deleteMyAccount({ ...withGateway(context), photos: photoStore(), deleteAuthUser }, member),
  withCashfree,
)

// Hosts' console: every date of their cities, a date's guest list, and what they do to a date.
export const listHostDates = hostCallable(listHostDatesCall, hostDates.listHostDates)
export const getGuestList = hostCallable(getGuestListCall, hostDates.getGuestList)
export const exportGuestList = hostCallable(exportGuestListCall, hostDates.exportGuestList)
export const listAudit = hostCallable(listAuditCall, (context, host) => audit.listAudit(context, host))
export const messageGuests = hostCallable(messageGuestsCall, hostMessages.messageGuests)
/** A host's change to a date: it may refund or cancel through Cashfree, so it binds Cashfree's secret. */
const hostBookingCallable = <C extends CallableContract>(
  contract: C,
  act: (deps: BookingDeps, host: HostCaller, input: RequestOf<C>) => Promise<ResponseOf<C>>,
) => hostCallable(contract, (context, host, input) => act(withGateway(context), host, input), withCashfree)
export const moderateMember = hostCallable(moderateMemberCall, (context, host, input) =>
  moderation.moderateMember(withAuth(context), host, input),
)
export const liftModeration = adminCallable(liftModerationCall, moderation.liftModeration)
export const shareVenue = hostBookingCallable(shareVenueCall, hostActions.shareVenue)
export const setCapacity = hostBookingCallable(setCapacityCall, hostActions.changeCapacity)
export const setSales = hostBookingCallable(setSalesCall, hostActions.setSales)
export const hostCancelDate = hostBookingCallable(hostCancelDateCall, hostActions.cancelHostedDate)
export const hostCancelSeat = hostBookingCallable(hostCancelSeatCall, hostActions.cancelGuestSeat)

// The door: a phone saves a date's door list before the night, and syncs its check-ins when it can.
/** A call on a date's night: its clock is the date's (the stack's clock for that date locally). */
const onTheNight = async (context: Context, input: { eventId: string; eventDate: string }) => ({
  ...context,
  now: clockAt(await doorNow(context.firestore, input.eventId, input.eventDate)),
})
/** A door phone's call: the night's clock, and the pass keys it may verify with (the one the functions sign with now). */
const atTheDoor = async (context: Context, input: { eventId: string; eventDate: string }) => {
  const signer = passSigner()
  return { ...(await onTheNight(context, input)), doorKeys: { [signer.keyId]: signer.publicKey } }
}
const withPassKey = { secrets: [PASS_SIGNING_KEY] }
export const getDoorList = hostCallable(
  getDoorListCall,
  async (context, host, input) => door.getDoorList(await atTheDoor(context, input), host, input),
  withPassKey,
)
export const syncCheckIns = hostCallable(
  syncCheckInsCall,
  async (context, host, input) => door.syncCheckIns(await atTheDoor(context, input), host, input),
  withPassKey,
)
export const removeAdmission = adminCallable(removeAdmissionCall, async (context, admin, input) =>
  door.removeAdmission(await onTheNight(context, input), admin, input),
)

// The catalogue editor: hosts edit their cities' events, admins everything and the cities.
export const listCatalogue = hostCallable(listCatalogueCall, editor.listCatalogue)
export const saveCatalogueEvent = hostCallable(saveCatalogueEventCall, (context, host, input) =>
  editor.saveEvent(withCoverCheck(context), host, input),
)
export const publishCatalogueEvent = hostCallable(publishCatalogueEventCall, (context, host, input) =>
  editor.publishEvent(withCoverCheck(context), host, input),
)
export const archiveCatalogueEvent = hostCallable(archiveCatalogueEventCall, editor.archiveEvent)
export const saveCatalogueCity = adminCallable(saveCatalogueCityCall, editor.saveCity)
export const uploadEventCover = hostCallable(uploadEventCoverCall, (context, host, input) =>
  covers.uploadEventCover(withPhotos(context), host, input),
)

// After the night: the guests who came rate it, pick whom they would meet again, and report; hosts see it and act.
export const getAfterNight = callable(getAfterNightCall, feedback.getAfterNight)
export const saveFeedback = callable(saveFeedbackCall, feedback.saveFeedback)
export const pickGuest = callable(pickGuestCall, picks.pickGuest)
export const blockGuest = callable(blockGuestCall, picks.blockGuest)
export const reportGuest = callable(reportGuestCall, reports.reportGuest)
export const listConnections = callable(listConnectionsCall, picks.listConnections)
export const removeConnection = callable(removeConnectionCall, picks.removeConnection)
export const saveSharing = callable(saveSharingCall, sharing.saveSharing)
export const markAttendance = hostCallable(markAttendanceCall, async (context, host, input) =>
  hostNight.markAttendance(await onTheNight(context, input), host, input),
)
export const listReports = hostCallable(listReportsCall, hostNight.listReports)
export const resolveReport = hostCallable(resolveReportCall, (context, host, input) =>
  hostNight.resolveReport(withAuth(context), host, input),
)

// A date's groups: the host plans, moves, locks and publishes; members see their own at the reveal (on their booking).
export const getGroups = hostCallable(getGroupsCall, groupsView.getGroups)
export const changeGroups = hostCallable(changeGroupsCall, groupPlans.changeGroups)

/** The Insights page's numbers: the rollups of the caller's cities (an admin's: every city) for a period. */
export const loadInsights = hostCallable(loadInsightsCall, insights.loadInsights)

// What members are told: the list under the bell, read marks, the kinds turned off, and the devices push goes to.
export const listNotifications = callable(listNotificationsCall, notifications.listNotifications)
export const markNotificationsRead = callable(markNotificationsReadCall, notifications.markRead)
export const saveNotificationSettings = callable(saveNotificationSettingsCall, notifications.saveSettings)
export const savePushSubscription = callable(savePushSubscriptionCall, (context, member, input) =>
  notifications.saveSubscription({ ...context, pushStandin: pushStandinUrl() }, member, input),
)
export const removePushSubscription = callable(removePushSubscriptionCall, notifications.removeSubscription)

// Help at the venue: a guest's alert to the date's coordinators, and the coordinators' side.
export const raiseAlert = callable(
  raiseAlertCall,
  (context, member, input) => helpAlerts.raiseAlert(withHelp(context), member, input),
  { secrets: [VAPID_PRIVATE_KEY] },
)
export const cancelAlert = callable(cancelAlertCall, helpAlerts.cancelAlert)
export const listMyAlerts = callable(listMyAlertsCall, helpAlerts.listMyAlerts)
export const setCoordinators = hostCallable(setCoordinatorsCall, (context, host, input) =>
  helpDates.setCoordinators(withAuth(context), host, input),
)
export const getDateHelp = hostCallable(getDateHelpCall, async (context, host, input) =>
  helpDates.getDateHelp(withAuth(await onTheNight(context, input)), host, input),
)
export const answerAlert = hostCallable(answerAlertCall, async (context, host, input) =>
  helpDates.answerAlert(withAuth(await onTheNight(context, input)), host, input),
)
export const reportAlert = hostCallable(reportAlertCall, helpDates.reportAlert)
