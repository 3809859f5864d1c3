/** The SMTP transport of the functions' email (nodemailer), made once per instance and URL. */
import { createTransport } from 'nodemailer'
import { mailSettings } from './settings'

/** One message as the transport takes it. */
export interface OutgoingMail {
  from: string
  to: string
  subject: string
  text: string
  html: string
  attachments?: { filename: string; content: string; contentType: string }[]
  /** The same for every attempt at one mail, so a resend after a crash shows as one message. */
  messageId: string
}

/**
 * The SMTP server refused the message for good (a 5xx answer: no such mailbox, a policy refusal):
 * sending it again would be refused again, so it is recorded as failed at once.
 */
export class PermanentMailRefusal extends Error {
  constructor(
    message: string,
    readonly responseCode: number | undefined,
  ) {
    super(message)
    this.name = 'PermanentMailRefusal'
  }
}

/** The domain of an address as MAIL_FROM writes it ("Yaari <hello@yaari.in>" -> "yaari.in"). */
export function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from
  return address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>
}

/** Where the functions' mail goes out, and who it is from. */
export interface Mailer {
  transport: MailTransport
  from: string
}

/** The SMTP timeouts: a server that does not answer fails the attempt after these (it is retried later). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }
/** The longest one send can take before it fails: what deliverMail's batch is sized by. */
export const SMTP_WORST_MS =
  SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout

const transports = new Map<string, MailTransport>()

export function smtpTransport(url: string): MailTransport {
  let transport = transports.get(url)
  if (!transport) {
    // A slow or silent server fails the attempt (it is retried later) instead of holding the job.
    const smtp = createTransport({ url, ...SMTP_TIMEOUTS })
    transport = {
      async send({ from, to, subject, text, html, attachments, messageId }) {
        let info: { rejected?: unknown[]; response?: string }
        try {
          info = await smtp.sendMail({ from, to, subject, text, html, attachments, messageId })
        } catch (error) {
          const code = (error as { responseCode?: unknown }).responseCode
          if (typeof code === 'number' && code >= 500 && code < 600) {
            throw new PermanentMailRefusal(String((error as Error).message), code)
          }
          throw error
        }
        // Accepted by the server but not for this recipient: refused all the same.
        if (info.rejected?.length) throw new PermanentMailRefusal(`rejected ${to}: ${info.response ?? ''}`, undefined)
      },
    }
    transports.set(url, transport)
  }
  return transport
}

/** The mailer of the functions' params (SMTP_URL, MAIL_FROM); throws when they are missing or invalid. */
export function smtpMailer(): Mailer {
  const { smtpUrl, from } = mailSettings()
  return { transport: smtpTransport(smtpUrl), from }
}
