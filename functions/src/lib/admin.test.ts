import { deleteApp, getApp, getApps, initializeApp } from 'firebase-admin/app'
import { getFirestore } from 'firebase-admin/firestore'
import { afterEach, describe, expect, it, vi } from 'vitest'

const FUNCTIONS_SDK_APP = '__FIREBASE_FUNCTIONS_SDK__'

afterEach(async () => {
  await Promise.all(getApps().map((app) => deleteApp(app)))
  vi.unstubAllEnvs()
  vi.resetModules()
})

/**
 * What firebase-functions does before a signed-in callable's handler runs when the instance has no
 * default app yet: it creates its own named app to verify the ID token.
 */
function firstRequestWasSignedIn() {
  initializeApp({ projectId: 'demo-yaari' }, FUNCTIONS_SDK_APP)
}

describe('the functions’ admin app', () => {
  it('gives Firestore on the default app even when firebase-functions created its app first', async () => {
    vi.stubEnv('FIREBASE_CONFIG', JSON.stringify({ projectId: 'demo-yaari' }))
    firstRequestWasSignedIn()
    const { db } = await import('./admin')
    expect(db()).toBe(getFirestore(getApp()))
    expect(getApps().map((app) => app.name)).toEqual([FUNCTIONS_SDK_APP, '[DEFAULT]'])
  })

  it('reuses a default app that already exists', async () => {
    const existing = initializeApp({ projectId: 'demo-yaari' })
    const { adminApp } = await import('./admin')
    expect(adminApp()).toBe(existing)
  })

  it('lets the Cloud Storage photo store check a URL after a signed-in first request', async () => {
    vi.stubEnv('FIREBASE_CONFIG', JSON.stringify({ projectId: 'demo-yaari', storageBucket: 'demo-yaari.appspot.com' }))
    vi.stubEnv('PHOTO_STORE_URL', '')
    firstRequestWasSignedIn()
    const { photoStore } = await import('./photo-store')
    const path = encodeURIComponent('profile-pictures/alice/1700000000000.jpg')
    const url = `https://firebasestorage.googleapis.com/v0/b/demo-yaari.appspot.com/o/${path}?alt=media&token=t`
    expect(photoStore().isMemberPhotoUrl(url, 'alice')).toBe(true)
    expect(photoStore().isMemberPhotoUrl(url, 'bob')).toBe(false)
  })
})
