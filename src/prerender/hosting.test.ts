import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  APP_SHELL,
  cspDirectives,
  type HostingHeaderRule,
  hostingAnswer,
  hostingGlob,
  hostingHeaders,
  LOCAL_SOURCES,
  localContentSecurityPolicy,
  previewHeaders,
  projectContentSecurityPolicy,
  readHostingHeaderRules,
  readHostingRewrites,
} from './hosting'
import { LOADER_SCRIPT } from './page-html'
import { PRERENDERED_PATHS } from './paths'

const built = new Set(['/app.html', '/404.html', '/about.html', '/sw.js', '/assets/index-Ab12_c.js'])
const exists = (file: string) => built.has(file)
const rewrites = readHostingRewrites()
const answer = (path: string) => hostingAnswer(path, rewrites, exists)

describe('hostingAnswer (firebase.json: a file, then the first rewrite, then 404.html)', () => {
  it('serves a built file as itself, and an information page at its clean address', () => {
    expect(answer('/about')).toEqual({ file: '/about.html', status: 200 })
    expect(answer('/about/')).toEqual({ file: '/about.html', status: 200 })
    expect(answer('/sw.js')).toEqual({ file: '/sw.js', status: 200 })
    expect(answer('/assets/index-Ab12_c.js')).toEqual({ file: '/assets/index-Ab12_c.js', status: 200 })
  })

  it('sends the pages that show the catalogue, the sitemap and the catalogue to their functions', () => {
    for (const path of ['/', '/events', '/events/midweek-wednesday-dinner', '/categories/culture', '/sitemap.xml'])
      expect(answer(path), path).toEqual({ functionId: 'publicPages' })
    expect(answer('/catalogue.json')).toEqual({ functionId: 'catalogueDocument' })
  })

  it('gives a member’s page the app shell', () => {
    for (const path of [
      '/auth',
      '/auth/action',
      '/onboarding/mobile',
      '/my-bookings',
      '/my-bookings/x/after',
      '/host/catalogue/new',
    ])
      expect(answer(path), path).toEqual({ file: `/${APP_SHELL}`, status: 200 })
  })

  it('answers a missing file with a function’s plain 404 (never a page), and any other address with 404.html', () => {
    for (const path of ['/assets/index-Old1234.js', '/images/nope.png', '/favicon.ico'])
      expect(answer(path), path).toEqual({ functionId: 'publicPages' })
    for (const path of ['/no-such-page', '/events/a/b', '/admin'])
      expect(answer(path), path).toEqual({ file: '/404.html', status: 404 })
  })

  it('has an answer for every route of the app: a file, a function or the shell', () => {
    const routes = [
      ...readFileSync(new URL('../routeTree.gen.ts', import.meta.url), 'utf8').matchAll(/fullPath: '([^']+)'/g),
    ].map((match) => match[1]!.replace(/\$[A-Za-z]+/g, 'x').replace(/(.)\/$/, '$1'))
    expect(routes.length).toBeGreaterThan(20)
    const informationPages = new Set(PRERENDERED_PATHS)
    for (const route of routes) {
      const served = informationPages.has(route) ? { file: `${route}.html`, status: 200 } : answer(route)
      expect(served, route).not.toEqual({ file: '/404.html', status: 404 })
    }
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
    expect(hostingGlob('/events/*').test('/events/')).toBe(false)
    expect(hostingGlob('/**/*.*').test('/a.js')).toBe(true)
    expect(hostingGlob('/**/*.*').test('/assets/x/a.js')).toBe(true)
    expect(hostingGlob('/**/*.*').test('/events/a')).toBe(false)
    expect(hostingGlob('/auth/**').test('/auth')).toBe(false)
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

  it('make every answer revalidate in the browser but the hashed scripts, and keep the pages the function writes 5 minutes in the CDN', () => {
    for (const path of ['/my-bookings', '/app.html', '/about', '/sw.js', '/no-such-page']) {
      expect(hostingHeaders(path, rules)['cache-control'], path).toBe('no-cache')
    }
    for (const path of ['/', '/events', '/events/midweek-wednesday-dinner', '/categories/culture', '/sitemap.xml']) {
      expect(hostingHeaders(path, rules)['cache-control'], path).toBe('public, max-age=0, s-maxage=300')
    }
    // A hashed script or style is kept a year (a script of either release of a deploy is always
    // answered: by Hosting, or by publicPages from its copy of the build).
    for (const path of ['/assets/index-1a.js', '/assets/index-2b.css'])
      expect(hostingHeaders(path, rules)['cache-control'], path).toBe('public, max-age=31536000, immutable')
    expect(hostingHeaders('/images/events/x.png', rules)['cache-control']).toBe('no-cache')
  })

  it("allow the app's own scripts and the inline loader by its hash, and nothing inline besides", () => {
    const hash = createHash('sha256').update(LOADER_SCRIPT).digest('base64')
    const scripts = directives.get('script-src') ?? []
    // WebAssembly compiled from our own scripts (Door mode's QR decoder), never eval.
    expect(scripts.filter((source) => !source.startsWith("'sha256-"))).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      'https://sdk.cashfree.com',
      // reCAPTCHA, which Firebase's phone sign-in runs before it sends a code by SMS.
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ])
    // This loader's hash, and at most the previous release's beside it (a deploy's two halves).
    expect(scripts).toContain(`'sha256-${hash}'`)
    expect(scripts.filter((source) => source.startsWith("'sha256-")).length).toBeLessThanOrEqual(2)
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
    expect(directives.get('frame-src')).toEqual(
      expect.arrayContaining(['https://sdk.cashfree.com', 'https://www.google.com/recaptcha/']),
    )
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
  /** The policy a page of a build for this project (`config`) carries, directive by directive. */
  const metaFor = (config: Parameters<typeof projectContentSecurityPolicy>[1]) =>
    cspDirectives(projectContentSecurityPolicy(header, config))

  it("names this project's functions and bucket where the header has wildcards, and nothing local", () => {
    const meta = metaFor({
      projectId: 'yaari-prod',
      functionsRegion: 'asia-south1',
      storageBucket: 'yaari-prod.firebasestorage.app',
    })
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
    const meta = metaFor({ projectId: 'demo-yaari', functionsRegion: 'asia-south1', emulatorHost: '127.0.0.1' })
    expect(meta.get('connect-src')).toContain('http://127.0.0.1:*')
    expect(meta.get('img-src')).toContain('http://127.0.0.1:*')
  })
})
