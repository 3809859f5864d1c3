import { isNotFound } from '@tanstack/react-router'
import { SEED } from '@yaari/domain/catalogue-seed'
import { describe, expect, it } from 'vitest'
import { hostDateParams } from './host-loaders'

/** What the route's loader throws for these params, or undefined when it takes them. */
function refusal(params: { eventId: string; date: string }) {
  try {
    hostDateParams(SEED, params)
    return undefined
  } catch (error) {
    return error
  }
}

describe("the console's date routes", () => {
  it('take a date the event runs on, typed as our event', () => {
    // The First Hello runs on Saturdays: 2026-11-28 is one.
    expect(hostDateParams(SEED, { eventId: 'first-hello-stranger-meetup', date: '2026-11-28' })).toEqual({
      eventId: 'first-hello-stranger-meetup',
      date: '2026-11-28',
    })
  })

  it('are no page for an unknown event, a day the event does not run, or a date that is none', () => {
    for (const params of [
      { eventId: 'no-such-event', date: '2026-11-28' },
      { eventId: 'first-hello-stranger-meetup', date: '2026-11-27' },
      { eventId: 'first-hello-stranger-meetup', date: '2026-02-30' },
      { eventId: 'first-hello-stranger-meetup', date: 'tonight' },
      { eventId: '__proto__', date: '2026-11-28' },
    ]) {
      expect(isNotFound(refusal(params)), JSON.stringify(params)).toBe(true)
    }
  })
})
