// @vitest-environment happy-dom
import { SEED } from '@yaari/domain/catalogue-seed'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dateTitle, firstHostSession, type HostSession, hostAccess } from './host-access'
import { MEMBER_KEY } from './session/member-hint'

const CHECKED: HostSession = { status: 'host', uid: 'host-1', verified: true }

afterEach(() => localStorage.clear())

describe('who may open the console', () => {
  it('shows a host this device knows at once, unverified, and checks them', async () => {
    localStorage.setItem(MEMBER_KEY, JSON.stringify({ uid: 'host-1', host: true }))
    const check = vi.fn(async () => CHECKED)
    const access = hostAccess(false, check)
    expect(access.shown).toEqual({ status: 'host', uid: 'host-1', verified: false })
    expect(await access.checked).toEqual(CHECKED)
    // A page may act for them at once.
    expect(await firstHostSession(access)).toBe(access.shown)
  })

  it('checks anyone else before a page acts, and a check that fails is a signed-out session', async () => {
    localStorage.setItem(MEMBER_KEY, JSON.stringify({ uid: 'member-1' }))
    const access = hostAccess(false, async () => ({ status: 'not-host', uid: 'member-1' }))
    expect(access.shown).toEqual({ status: 'checking' })
    expect(await firstHostSession(access)).toEqual({ status: 'not-host', uid: 'member-1' })
    expect(await hostAccess(false, () => Promise.reject(new Error('offline'))).checked).toEqual({
      status: 'signed-out',
    })
  })

  it('checks nothing new when a link to the console is only hovered by a known host', async () => {
    localStorage.setItem(MEMBER_KEY, JSON.stringify({ uid: 'host-1', host: true }))
    const check = vi.fn(async () => CHECKED)
    const access = hostAccess(true, check)
    expect(await access.checked).toBe(access.shown)
    expect(check).not.toHaveBeenCalled()
  })
})

describe("a date page's title", () => {
  it('names the event as the catalogue does, or says "date"', () => {
    const door = dateTitle('Door')
    expect(door({ eventId: 'first-hello-stranger-meetup', date: '2026-11-28' }, SEED)).toMatch(/^Door: .+, 2026-11-28$/)
    expect(door({ eventId: 'no-such-event', date: '2026-11-28' }, SEED)).toBe('Door: date, 2026-11-28')
  })
})
