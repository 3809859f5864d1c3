import { describe, expect, it } from 'vitest'
import { APP_SHELL, hostedFile } from './hosting'

const built = new Set(['/index.html', '/events.html', '/events/sunday-social-mixer.html', '/about.html'])
const exists = (file: string) => built.has(file)

describe('hostedFile (firebase.json: cleanUrls, then ** -> /app.html)', () => {
  it('serves a prerendered page for its clean address, with or without a trailing slash', () => {
    expect(hostedFile('/', exists)).toBe('/index.html')
    expect(hostedFile('/events', exists)).toBe('/events.html')
    expect(hostedFile('/events/', exists)).toBe('/events.html')
    expect(hostedFile('/events/sunday-social-mixer', exists)).toBe('/events/sunday-social-mixer.html')
  })

  it('gives every other address the app shell', () => {
    expect(hostedFile('/auth', exists)).toBe(`/${APP_SHELL}`)
    expect(hostedFile('/onboarding/mobile', exists)).toBe(`/${APP_SHELL}`)
    expect(hostedFile('/events/no-such-event', exists)).toBe(`/${APP_SHELL}`)
  })

  it('serves files as themselves, built or not (a missing one is the host’s 404)', () => {
    expect(hostedFile('/sw.js', exists)).toBe('/sw.js')
    expect(hostedFile('/assets/index-Ab12_c.js', exists)).toBe('/assets/index-Ab12_c.js')
    expect(hostedFile('/manifest.webmanifest', exists)).toBe('/manifest.webmanifest')
  })
})
