import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  APP_SHELL,
  cspDirectives,
  type HostingHeaderRule,
  hostedFile,
  hostingGlob,
  hostingHeaders,
  LOCAL_SOURCES,
  localContentSecurityPolicy,
  previewHeaders,
  projectContentSecurityPolicy,
  readHostingHeaderRules,
} from './hosting'
import { LOADER_SCRIPT } from './page-html'

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

describe('hostingHeaders (firebase.json headers: every matching rule, the last one wins)', () => {
  const rules: HostingHeaderRule[] = [
    {
      source: '**',
      headers: [
        { key: 'Cache-Control', value: 'no-cache' },
        { key: 'X-Test', value: 'all' },
      ],
    },
    { source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'immutable' }] },
  ]

  it('applies every rule whose glob matches the request path', () => {
    expect(hostingHeaders('/events', rules)).toEqual({ 'cache-control': 'no-cache', 'x-test': 'all' })
    expect(hostingHeaders('/assets/index-1a.js', rules)).toEqual({ 'cache-control': 'immutable', 'x-test': 'all' })
    expect(hostingHeaders('/assets-not/x.js', rules)['cache-control']).toBe('no-cache')
  })

  it('reads globs as Hosting does, and refuses one it cannot read the same way', () => {
    expect(hostingGlob('/sw.js').test('/sw.js')).toBe(true)
    expect(hostingGlob('/images/*.png').test('/images/a.png')).toBe(true)
    expect(hostingGlob('/images/*.png').test('/images/x/a.png')).toBe(false)
    expect(() => hostingGlob('**/*.@(js|css)')).toThrow(/Unsupported glob/)
  })
})

describe("firebase.json's hosting headers", () => {
  const rules = readHostingHeaderRules()
  const page = hostingHeaders('/events', rules)
  const directives = cspDirectives(page['content-security-policy'] ?? '')

  it('protect every page: CSP, nosniff, referrer and permissions policies, no framing', () => {
    for (const path of ['/', '/events', '/my-bookings', '/app.html', '/sw.js', '/assets/index-1a.js']) {
      const headers = hostingHeaders(path, rules)
      expect(headers['x-content-type-options'], path).toBe('nosniff')
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
      // The camera only for our own pages (Door mode's scanner); microphone, location, payment never.
      expect(headers['permissions-policy'], path).toMatch(
        /^camera=\(self\), microphone=\(\), geolocation=\(\), payment=\(\)/,
      )
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
    }
  })

  it('make HTML (prerendered pages and app.html) revalidate on every visit, hashed assets immutable', () => {
    for (const path of ['/', '/events', '/events/midweek-wednesday-dinner', '/my-bookings', '/app.html', '/sw.js']) {
      expect(hostingHeaders(path, rules)['cache-control'], path).toBe('no-cache')
    }
    expect(hostingHeaders('/assets/index-1a.js', rules)['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it("allow the app's own scripts and the inline loader by its hash, and nothing inline besides", () => {
    const hash = createHash('sha256').update(LOADER_SCRIPT).digest('base64')
    // WebAssembly compiled from our own scripts (Door mode's QR decoder), never eval.
    expect(directives.get('script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      `'sha256-${hash}'`,
      'https://sdk.cashfree.com',
    ])
    expect(page['content-security-policy']).not.toContain('unsafe-inline')
    expect(page['content-security-policy']).not.toContain("'unsafe-eval'")
    expect(directives.get('style-src')).toEqual(["'self'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('base-uri')).toEqual(["'none'"])
  })

  it("allow Firebase Auth and Functions, Cashfree's API and checkout, and no local address", () => {
    expect(directives.get('connect-src')).toEqual(
      expect.arrayContaining([
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://*.cloudfunctions.net',
        'https://api.cashfree.com',
      ]),
    )
    expect(directives.get('frame-src')).toEqual(expect.arrayContaining(['https://sdk.cashfree.com']))
    expect(page['content-security-policy']).not.toMatch(/127\.0\.0\.1|localhost/)
    expect(directives.has('upgrade-insecure-requests')).toBe(true)
  })

  it("are what the local preview serves, with the stack's 127.0.0.1 servers added to the policy", () => {
    const local = previewHeaders('/events', rules)
    expect({ ...local, 'content-security-policy': undefined }).toEqual({
      ...page,
      'content-security-policy': undefined,
    })
    expect(local['content-security-policy']).toBe(localContentSecurityPolicy(page['content-security-policy'] ?? ''))
    expect(local['content-security-policy']).toContain(`connect-src 'self' https://identitytoolkit.googleapis.com`)
    expect(local['content-security-policy']).toMatch(
      new RegExp(`script-src [^;]* ${LOCAL_SOURCES.replace(/[.*]/g, '\\$&')};`),
    )
    expect(local['content-security-policy']).not.toContain('upgrade-insecure-requests')
  })
})

describe("each page's own policy (a <meta> beside firebase.json's header)", () => {
  const header = hostingHeaders('/', readHostingHeaderRules())['content-security-policy'] ?? ''

  it("names this project's functions and bucket where the header has wildcards, and nothing local", () => {
    const meta = cspDirectives(
      projectContentSecurityPolicy(header, {
        projectId: 'yaari-prod',
        functionsRegion: 'asia-south1',
        storageBucket: 'yaari-prod.firebasestorage.app',
      }),
    )
    expect([...meta.keys()]).toEqual(['connect-src', 'img-src'])
    const connect = meta.get('connect-src') ?? []
    expect(connect).toContain('https://asia-south1-yaari-prod.cloudfunctions.net')
    expect(connect.some((source) => source.includes('*'))).toBe(false)
    expect(connect).toEqual(
      (cspDirectives(header).get('connect-src') ?? []).map((source) =>
        source === 'https://*.cloudfunctions.net' ? 'https://asia-south1-yaari-prod.cloudfunctions.net' : source,
      ),
    )
    expect(meta.get('img-src')).toContain('https://firebasestorage.googleapis.com/v0/b/yaari-prod.firebasestorage.app/')
    expect(meta.get('img-src')).not.toContain('https://firebasestorage.googleapis.com')
    expect(JSON.stringify([...meta])).not.toMatch(/127\.0\.0\.1|localhost/)
  })

  it("adds the local stack's servers for a build that talks to them", () => {
    const meta = cspDirectives(
      projectContentSecurityPolicy(header, {
        projectId: 'demo-yaari',
        functionsRegion: 'asia-south1',
        emulatorHost: '127.0.0.1',
      }),
    )
    expect(meta.get('connect-src')).toContain('http://127.0.0.1:*')
    expect(meta.get('img-src')).toContain('http://127.0.0.1:*')
  })
})
