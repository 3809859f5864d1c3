/** The SMTP transport of the functions' email (nodemailer), made once per instance and URL. */
import { createTransport } from 'nodemailer'
import type { Mailer, MailTransport } from '../mail/outbox'
import { mailSettings } from './settings'

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
