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

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>
}

/** Where the functions' mail goes out, and who it is from. */
export interface Mailer {
  transport: MailTransport
  from: string
}

const transports = new Map<string, MailTransport>()

export function smtpTransport(url: string): MailTransport {
  let transport = transports.get(url)
  if (!transport) {
    // A slow or silent server fails the attempt (it is retried later) instead of holding the job.
    const smtp = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    transport = {
      async send({ from, to, subject, text, html, attachments, messageId }) {
        await smtp.sendMail({ from, to, subject, text, html, attachments, messageId })
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
