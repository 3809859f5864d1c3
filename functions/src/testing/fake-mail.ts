/** A mail transport for unit tests: keeps what it is given, and fails while told to. */
import { type Mailer, type MailTransport, type OutgoingMail, PermanentMailRefusal } from '../lib/smtp'

export class FakeMail implements MailTransport {
  readonly sent: OutgoingMail[] = []
  /** Sends that will fail before one goes through. */
  failures = 0
  /** How many sends were asked for, failed ones included. */
  tries = 0
  /** Addresses the server refuses for good (a 550). */
  readonly refused = new Set<string>()

  async send(mail: OutgoingMail): Promise<void> {
    this.tries++
    await new Promise<void>((resolve) => setImmediate(resolve))
    if (this.refused.has(mail.to))
      throw new PermanentMailRefusal(`550 5.1.1 <${mail.to}>: Recipient address rejected`, 550)
    if (this.failures > 0) {
      this.failures--
      throw new Error('connect ECONNREFUSED 127.0.0.1:1025')
    }
    this.sent.push(mail)
  }

  mailer = (): Mailer => ({ transport: this, from: 'Yaari <hello@yaari.test>' })
}
