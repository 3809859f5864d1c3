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
