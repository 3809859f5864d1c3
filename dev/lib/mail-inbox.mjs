// @ts-check
/**
 * The local inbox (MailDev) read through its REST API, as tests and people check what the
 * functions sent: every message to an address, and an attachment's contents.
 */
import { mailInboxUrl } from './config.mjs'

/**
 * @typedef {{
 *   id: string, subject: string, text: string, html: string, messageId: string,
 *   from: { address: string, name: string }[], to: { address: string, name: string }[],
 *   attachments?: { generatedFileName: string, fileName: string, contentType: string }[],
 * }} InboxMessage
 */

/** Every message to `address`, oldest first. @param {string} address @returns {Promise<InboxMessage[]>} */
export async function mailTo(address) {
  const response = await fetch(`${mailInboxUrl()}/email`, { signal: AbortSignal.timeout(5000) })
  if (!response.ok) throw new Error(`The mail inbox answered ${response.status}`)
  /** @type {InboxMessage[]} */
  const all = await response.json()
  return all.filter((message) => message.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
}

/**
 * Waits until `address` has at least `count` messages (the scheduler sends every minute; tests
 * usually run the job themselves first). @param {string} address @param {number} [count]
 * @param {number} [timeoutMs]
 */
export async function waitForMail(address, count = 1, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const messages = await mailTo(address)
    if (messages.length >= count) return messages
    if (Date.now() > deadline) throw new Error(`${address} got ${messages.length} of ${count} messages`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * Waits until `address` has a message whose subject is `subject` (or matches it), and returns all of
 * theirs. A test that runs the mail job itself still waits: the stack's scheduler runs the same job
 * every minute, and a run of its own that claimed a mail first is the one that sends it.
 * @param {string} address @param {string | RegExp} subject @param {number} [timeoutMs]
 */
export async function mailWithSubject(address, subject, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  const matches = (/** @type {string} */ text) => (typeof subject === 'string' ? text === subject : subject.test(text))
  for (;;) {
    const messages = await mailTo(address)
    if (messages.some((message) => matches(message.subject))) return messages
    if (Date.now() > deadline)
      throw new Error(`${address} has no mail "${subject}" (only: ${messages.map((m) => m.subject).join(' | ')})`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** An attachment's text. @param {InboxMessage} message @param {string} fileName */
export async function attachmentText(message, fileName) {
  const file = message.attachments?.find((attachment) => attachment.fileName === fileName)
  if (!file) throw new Error(`${message.subject} has no attachment ${fileName}`)
  const response = await fetch(`${mailInboxUrl()}/email/${message.id}/attachment/${file.generatedFileName}`)
  return response.text()
}
