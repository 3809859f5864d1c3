/** A mail transport for unit tests: keeps what it is given, and fails while told to. */
import type { Mailer, MailTransport, OutgoingMail } from '../lib/smtp'

export class FakeMail implements MailTransport {
  readonly sent: OutgoingMail[] = []
  /** Sends that will fail before one goes through. */
  failures = 0
  /** How many sends were asked for, failed ones included. */
  tries = 0

  async send(mail: OutgoingMail): Promise<void> {
    this.tries++
    await new Promise<void>((resolve) => setImmediate(resolve))
    if (this.failures > 0) {
      this.failures--
      throw new Error('connect ECONNREFUSED 127.0.0.1:1025')
    }
    this.sent.push(mail)
  }

  mailer = (): Mailer => ({ transport: this, from: 'Yaari <hello@yaari.test>' })
}
