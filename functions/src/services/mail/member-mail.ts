/**
 * The mail that is not about one booking: a seat offered from a waitlist, a host's message to a
 * date's guests, a moderation notice and the confirmation that an account was deleted. Pure, like
 * the booking mail.
 */
import { ACCOUNT_DATA_MESSAGES, DATA_RETENTION } from '@yaari/domain/account'
import type { Catalogue } from '@yaari/domain/catalogue'
import { firstNameOf } from '@yaari/domain/names'
import { formatIstClock, formatLongDate, formatTime } from '@yaari/domain/schedule'
import { SITE } from '@yaari/domain/site'
import { OFFER_MINUTES } from '@yaari/domain/waitlist'
import { mail } from './blocks'
import type { MailContent } from './mail-kinds'

/** A waitlist offer as its mail needs it. */
export interface OfferContext {
  catalogue: Catalogue
  eventId: string
  eventDate: string
  name?: string
  expiresAt: Date
  appOrigin: string
}

/** The seat offered to the first member waiting: held until expiresAt, booked from the event page. */
export function composeOfferMail({ catalogue, eventId, eventDate, name, expiresAt, appOrigin }: OfferContext) {
  const event = catalogue.eventById(eventId)
  if (!event) return undefined
  const first = firstNameOf(name)
  const until = `${formatIstClock(expiresAt)} IST`
  return mail(`A seat is yours: ${event.title}, ${formatLongDate(eventDate)}`, [
    { p: first ? `Hi ${first},` : 'Hi,' },
    {
      p: `A seat has opened up at ${event.title} on ${formatLongDate(eventDate)}, and you are first on the waitlist. We are holding it for you for ${OFFER_MINUTES} minutes, until ${until}.`,
    },
    {
      rows: [
        ['Event', `${event.title} (${event.kind})`],
        ['Date', formatLongDate(eventDate)],
        ['Starts', `${formatTime(event.startTime)} IST`],
        ['Held until', until],
      ],
    },
    {
      p: 'To take it, open the event, choose this date and book as usual. If you do not book by then, the seat goes to the next member waiting.',
    },
    { link: `${appOrigin}/events/${event.id}`, label: `Book ${event.title}` },
    { link: `${appOrigin}/my-bookings`, label: 'My bookings' },
  ])
}

/** A host's message to a date's guests, as the host wrote it, with the date it is about. */
export function composeHostMessage(
  catalogue: Catalogue,
  { subject, text, eventId, eventDate }: { subject: string; text: string; eventId: string; eventDate: string },
  appOrigin: string,
): MailContent | undefined {
  const event = catalogue.eventById(eventId)
  if (!event) return undefined
  return mail(`${subject} (${event.title}, ${formatLongDate(eventDate)})`, [
    ...text.split(/\n{2,}/).map((paragraph) => ({ p: paragraph })),
    { p: `From your host for ${event.title} on ${formatLongDate(eventDate)}. Your ticket is in My bookings.` },
    { link: `${appOrigin}/my-bookings`, label: 'My bookings' },
  ])
}

/** A step of the moderation ladder (or its end), with the reason the member is told. */
export function composeModerationMail(
  notice: { level: 'warning' | 'suspended' | 'banned' | 'none'; until?: string; reason: string },
  appOrigin: string,
): MailContent {
  const guidelines = { link: `${appOrigin}/community`, label: 'Our community guidelines' }
  switch (notice.level) {
    case 'warning':
      return mail(`A first warning from ${SITE.productName}`, [
        { p: 'Hi,' },
        { p: 'This is a first warning under our community guidelines. You can keep booking events.' },
        { rows: [['Reason', notice.reason]] },
        guidelines,
      ])
    case 'suspended':
      return mail(`Your ${SITE.productName} account is suspended until ${formatLongDate(notice.until ?? '')}`, [
        { p: 'Hi,' },
        {
          p: `Your account is suspended until ${formatLongDate(notice.until ?? '')} (inclusive): until then you cannot book events or join a waitlist. Seats you have already paid for stay yours unless your host cancels them, with a full refund.`,
        },
        { rows: [['Reason', notice.reason]] },
        guidelines,
      ])
    case 'banned':
      return mail(`Your ${SITE.productName} account is banned`, [
        { p: 'Hi,' },
        {
          p: 'Your account is permanently banned: you cannot book events or join a waitlist. Seats you have already paid for stay yours unless your host cancels them, with a full refund.',
        },
        { rows: [['Reason', notice.reason]] },
        guidelines,
      ])
    default:
      return mail(`Your ${SITE.productName} account is back in good standing`, [
        { p: 'Hi,' },
        { p: 'The restriction on your account has been lifted: you can book events and join waitlists again.' },
        { rows: [['Note', notice.reason]] },
      ])
  }
}

/** The confirmation that a member's account is deleted, with what is kept and why. */
export function composeAccountDeletedMail({ name, cancelled }: { name?: string; cancelled: number }): MailContent {
  const first = firstNameOf(name)
  return mail(`Your ${SITE.productName} account has been deleted`, [
    { p: first ? `Hi ${first},` : 'Hi,' },
    {
      p: `As you asked, we have deleted your ${SITE.productName} account: your profile, photos, waitlist places and unpaid seat holds are gone, and you can no longer sign in.`,
    },
    ...(cancelled > 0
      ? [{ p: `${ACCOUNT_DATA_MESSAGES.upcomingBooking} You will get a separate email for each refund.` }]
      : []),
    { heading: 'What we still keep, and why', list: [DATA_RETENTION.paidBookings, DATA_RETENTION.emails] },
    { p: `If you did not ask for this, reply to this email or write to ${SITE.email} at once.` },
  ])
}

/** Two guests picked each other: each is told the other's first name, and where to see what they share. */
export function composeConnectionMail(
  catalogue: Catalogue,
  night: { event_id: string; event_date: string; name?: string; order_id?: string },
  appOrigin: string,
): MailContent | undefined {
  const event = catalogue.eventById(night.event_id)
  if (!event) return undefined
  const who = night.name ?? 'Someone'
  return mail(`You and ${who} would both meet again`, [
    { p: 'Hi,' },
    {
      p: `${who}, from ${event.title} on ${formatLongDate(night.event_date)}, picked you too. You are now connected: each of you sees what the other chose to share for connections.`,
    },
    { p: 'Choose what you share (nothing, by default) on your profile, under Connections.' },
    { link: `${appOrigin}/profile/connections`, label: 'Your connections' },
  ])
}

/** A report the member made has been looked at by the team (never what was done about the other member). */
export function composeReportReviewedMail(
  catalogue: Catalogue,
  night: { event_id: string; event_date: string },
  appOrigin: string,
): MailContent | undefined {
  const event = catalogue.eventById(night.event_id)
  if (!event) return undefined
  return mail('We looked at your report', [
    { p: 'Hi,' },
    {
      p: `Thank you for telling us about someone at ${event.title} on ${formatLongDate(night.event_date)}. Our team has looked at your report and decided what to do under our community guidelines. The member is never told who reported them.`,
    },
    { p: `If you are in danger, call 108. Our 24/7 emergency contact: ${SITE.phone}.` },
    { link: `${appOrigin}/safety`, label: 'Safety Center' },
  ])
}
