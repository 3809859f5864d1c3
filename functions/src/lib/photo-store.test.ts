import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

async function localStore() {
  vi.stubEnv('PHOTO_STORE_URL', 'http://127.0.0.1:8082')
  const { photoStore } = await import('./photo-store')
  return photoStore()
}

describe('isMemberPhotoUrl (local store)', () => {
  const own = `http://127.0.0.1:8082/o/${encodeURIComponent('profile-pictures/alice/1700000000000.jpg')}?alt=media`

  it('accepts a URL the store gave out for the member’s own folder', async () => {
    expect((await localStore()).isMemberPhotoUrl(own, 'alice')).toBe(true)
  })

  it('refuses another member’s picture, another host, path tricks and junk', async () => {
    const store = await localStore()
    expect(store.isMemberPhotoUrl(own, 'bob')).toBe(false)
    expect(store.isMemberPhotoUrl(own.replace('127.0.0.1:8082', 'evil.example'), 'alice')).toBe(false)
    const sneaky = `http://127.0.0.1:8082/o/${encodeURIComponent('profile-pictures/alice/../bob/1.jpg')}`
    expect(store.isMemberPhotoUrl(sneaky, 'alice')).toBe(false)
    expect(store.isMemberPhotoUrl('not a url', 'alice')).toBe(false)
    expect(store.isMemberPhotoUrl('http://127.0.0.1:8082/o/%E0%A4%A', 'alice')).toBe(false)
  })
})

describe('isCoverUrl (local store)', () => {
  const cover = (path: string) => `http://127.0.0.1:8082/o/${encodeURIComponent(path)}?alt=media`

  it('accepts a cover the store gave out for this event only', async () => {
    const store = await localStore()
    expect(store.isCoverUrl(cover('event-covers/brunch/1a2b-960.webp'), 'brunch')).toBe(true)
    expect(store.isCoverUrl(cover('event-covers/brunch/1a2b-960.webp'), 'walk')).toBe(false)
    // An event whose address starts with another's is not that one.
    expect(store.isCoverUrl(cover('event-covers/brunch-two/1a2b-960.webp'), 'brunch')).toBe(false)
  })

  it('refuses a member’s picture, path tricks, a second /o/ and another host', async () => {
    const store = await localStore()
    expect(store.isCoverUrl(cover('profile-pictures/alice/1.jpg'), 'brunch')).toBe(false)
    expect(store.isCoverUrl(cover('event-covers/brunch/../walk/1.webp'), 'brunch')).toBe(false)
    const hidden = `http://127.0.0.1:8082/o/${encodeURIComponent('event-covers/walk/1.webp')}/o/${encodeURIComponent('event-covers/brunch/z')}`
    expect(store.isCoverUrl(hidden, 'brunch')).toBe(false)
    expect(
      store.isCoverUrl(cover('event-covers/brunch/1.webp').replace('127.0.0.1:8082', 'evil.example'), 'brunch'),
    ).toBe(false)
  })
})
