/**
 * What a deploy reads from each function's definition: which ones are given the Cashfree secret
 * (an unbound secret never reaches a function in production), and that each callable is
 * exported under the name the browser calls it by.
 */
import { describe, expect, it } from 'vitest'
import { CALLABLES } from '../../src/domain/callables'
import * as index from './index'

type Endpoint = { secretEnvironmentVariables?: { key: string }[] }
const functions: Record<string, unknown> = { ...index }
const secretsOf = (name: string) =>
  ((functions[name] as { __endpoint: Endpoint }).__endpoint.secretEnvironmentVariables ?? []).map(
    (secret) => secret.key,
  )

describe('the deployed functions', () => {
  it('bind the Cashfree secret to every function that calls Cashfree, and to no other', () => {
    for (const name of [
      'getAvailability',
      'createBooking',
      'getBooking',
      'listMyBookings',
      'cashfreeWebhook',
      'sweepExpiredHolds',
      'reconcilePayments',
    ]) {
      expect(secretsOf(name), name).toEqual(['CASHFREE_CLIENT_SECRET'])
    }
    for (const name of ['saveProfile', 'getMyProfile', 'uploadProfilePhoto']) {
      expect(secretsOf(name), name).toEqual([])
    }
  })

  it("register every callable under its contract's name, from that contract", () => {
    for (const contract of CALLABLES) {
      expect((functions[contract.name] as { contract?: unknown } | undefined)?.contract, contract.name).toBe(contract)
    }
  })

  it('never deploy the local job trigger', () => {
    expect(index.runScheduledJob).toBeUndefined()
  })
})
