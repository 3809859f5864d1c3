/**
 * What a deploy reads from each function's definition: which ones are given the Cashfree secret
 * (an unbound secret never reaches a function in production), and that each callable is
 * exported under the name the browser calls it by.
 */

import { CALLABLES } from '@yaari/domain/callables'
import { describe, expect, it } from 'vitest'
import { SCHEDULED_JOBS } from './handlers/schedules'
import * as index from './index'

type Endpoint = { secretEnvironmentVariables?: { key: string }[] }
const functions: Record<string, unknown> = { ...index }
const secretsOf = (name: string) =>
  ((functions[name] as { __endpoint: Endpoint }).__endpoint.secretEnvironmentVariables ?? []).map(
    (secret) => secret.key,
  )

describe('the deployed functions', () => {
  it('bind the Cashfree secret to every function that reads the settings, the pass key to those answering with tickets, the SMTP secret to deliverMail alone and the VAPID key to deliverPushes alone', () => {
    for (const name of [
      'getAvailability',
      'createBooking',
      'cancelBooking',
      'cashfreeWebhook',
      'sweepExpiredHolds',
      'reconcilePayments',
      'queueReminders',
      'settleCancelledDates',
    ]) {
      expect(secretsOf(name), name).toEqual(['CASHFREE_CLIENT_SECRET'])
    }
    // The pass signing key reaches only the functions that answer with tickets.
    for (const name of ['getBooking', 'listMyBookings']) {
      expect(secretsOf(name), name).toEqual(['CASHFREE_CLIENT_SECRET', 'PASS_SIGNING_KEY'])
    }
    // The SMTP server's credentials reach only the job that sends mail.
    expect(secretsOf('deliverMail')).toEqual(['CASHFREE_CLIENT_SECRET', 'SMTP_URL'])
    // The VAPID key reaches only the job that pushes.
    expect(secretsOf('deliverPushes')).toEqual(['CASHFREE_CLIENT_SECRET', 'VAPID_PRIVATE_KEY'])
    expect(secretsOf('tellGroups')).toEqual(['CASHFREE_CLIENT_SECRET'])
    // A host's message reads no setting: it is given nothing it does not use.
    for (const name of ['saveProfile', 'getMyProfile', 'uploadProfilePhoto', 'messageGuests']) {
      expect(secretsOf(name), name).toEqual([])
    }
  })

  it("register every callable under its contract's name, from that contract, in asia-south1", () => {
    for (const contract of CALLABLES) {
      expect((functions[contract.name] as { contract?: unknown } | undefined)?.contract, contract.name).toBe(contract)
      const endpoint = (functions[contract.name] as { __endpoint: { region: string[] } }).__endpoint
      expect(endpoint.region, contract.name).toEqual(['asia-south1'])
    }
  })

  it('schedule every job in asia-south1 on Asia/Kolkata time, at the period the local stack uses', () => {
    for (const [name, job] of Object.entries(SCHEDULED_JOBS)) {
      const endpoint = (functions[name] as { __endpoint: { region: string[]; scheduleTrigger: unknown } }).__endpoint
      expect(endpoint.region, name).toEqual(['asia-south1'])
      expect(endpoint.scheduleTrigger, name).toMatchObject({
        schedule: `every ${job.everyMinutes} minutes`,
        timeZone: 'Asia/Kolkata',
      })
    }
  })

  it('never deploy the local job trigger', () => {
    expect(index.runScheduledJob).toBeUndefined()
  })
})
