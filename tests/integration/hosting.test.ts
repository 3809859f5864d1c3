/**
 * firebase.json's hosting as deployed: the Firebase Hosting emulator serving the build with the
 * repository's headers and rewrites (the stack starts it), asked what a browser and a crawler ask.
 * A script of the build is kept by browsers for a year (its name is its content's hash); one
 * Hosting lacks while a deploy is half released is answered by the function from its own copy of
 * the build; one no build has is a plain 404, never the app's HTML; an address of nothing is a 404
 * that says noindex; the pages the function writes are kept 5 minutes
 * by the CDN and revalidated by browsers. The app's own preview (what `npm start` serves) answers
 * every address the same way.
 */
import { describe, expect, it } from 'vitest'
import { functionUrl, HOST, stackPorts } from '../../dev/lib/config.mjs'

const HOSTING = `http://${HOST}:${stackPorts().hosting}`
const PREVIEW = `http://${HOST}:${stackPorts().app}`

/** What a crawler sees of an answer: its status, its type, how long it may be kept, and whether it may be listed. */
async function seen(origin: string, path: string) {
  const response = await fetch(`${origin}${path}`, { redirect: 'manual' })
  const body = await response.text()
  return {
    status: response.status,
    type: (response.headers.get('content-type') ?? '').split(';')[0],
    cache: response.headers.get('cache-control'),
    location: response.headers.get('location'),
    noindex:
      /noindex/.test(response.headers.get('x-robots-tag') ?? '') ||
      body.includes('<meta name="robots" content="noindex" />'),
  }
}

describe('the Hosting emulator, with firebase.json', () => {
  it('answers a script no build has, or a missing picture, with a plain 404, never HTML', async () => {
    for (const path of ['/assets/index-Old1234.js', '/assets/router-Gone999.js', '/images/events/no-such.png']) {
      const answer = await seen(HOSTING, path)
      expect(answer.status, path).toBe(404)
      expect(answer.type, path).not.toBe('text/html')
    }
    // A picture's address may get its file with the next deploy: its 404 is not kept.
    expect((await seen(HOSTING, '/images/events/no-such.png')).cache).not.toMatch(/immutable|max-age=[1-9]/)
  })

  it('a script of this build Hosting does not have (a deploy half released) is answered by the function, to keep', async () => {
    const worker = await (await fetch(`${HOSTING}/sw.js`)).text()
    const script = /url:"assets\/([^"]+\.js)"/.exec(worker)![1]!
    const fromHosting = await fetch(`${HOSTING}/assets/${script}`)
    const fromFunction = await fetch(`${functionUrl('publicPages')}/assets/${script}`)
    expect([fromFunction.status, fromFunction.headers.get('cache-control')]).toEqual([
      200,
      'public, max-age=31536000, immutable',
    ])
    expect(fromFunction.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(await fromFunction.text()).toBe(await fromHosting.text())
    // Nothing outside the build's scripts and styles: no other folder, no way out of it.
    for (const path of ['/assets/../index.js', '/assets/chunks/render.mjs', '/assets/app.html'])
      expect((await fetch(`${functionUrl('publicPages')}${path}`)).status, path).toBe(404)
  })

  it('lets browsers keep a script of the build for a year: its name changes with its content', async () => {
    const worker = await (await fetch(`${HOSTING}/sw.js`)).text()
    const scripts = [...worker.matchAll(/url:"(assets\/[^"]+\.js)"/g)].map((match) => `/${match[1]}`)
    expect(scripts.length).toBeGreaterThan(10)
    for (const path of [scripts[0]!, scripts.at(-1)!]) {
      const answer = await seen(HOSTING, path)
      expect([answer.status, answer.cache], path).toEqual([200, 'public, max-age=31536000, immutable'])
      expect(answer.type, path).toMatch(/^(text|application)\/javascript$/)
    }
    // The pages and the worker that name them are asked for again every time.
    for (const path of ['/sw.js', '/about', '/my-bookings'])
      expect((await seen(HOSTING, path)).cache, path).toBe('no-cache')
  })

  it('answers an address of nothing with a 404 that asks not to be listed', async () => {
    for (const path of ['/no-such-page', '/events/no-such-event', '/categories/gardening', '/events/a/b']) {
      const answer = await seen(HOSTING, path)
      expect([answer.status, answer.type, answer.noindex], path).toEqual([404, 'text/html', true])
    }
  })

  it('writes the pages that show the catalogue when asked, kept 5 minutes by the CDN; members’ pages get the shell', async () => {
    for (const path of ['/', '/events', '/events/first-hello-stranger-meetup', '/categories/adventure']) {
      const answer = await seen(HOSTING, path)
      expect([answer.status, answer.type, answer.noindex], path).toEqual([200, 'text/html', false])
      expect(answer.cache, path).toBe('public, max-age=0, s-maxage=300')
    }
    expect(await seen(HOSTING, '/events/first-hello')).toMatchObject({
      status: 301,
      location: '/events/first-hello-stranger-meetup',
    })
    for (const path of ['/my-bookings', '/auth', '/host/catalogue/new', '/about']) {
      const answer = await seen(HOSTING, path)
      expect([answer.status, answer.type, answer.cache], path).toEqual([200, 'text/html', 'no-cache'])
    }
  })

  it('is what the app’s own preview answers, address for address', async () => {
    for (const path of [
      '/',
      '/events',
      '/events/first-hello-stranger-meetup',
      '/events/first-hello',
      '/events/no-such-event',
      '/no-such-page',
      '/assets/index-Old1234.js',
      '/about',
      '/my-bookings',
      '/sitemap.xml',
      '/catalogue.json',
      '/robots.txt',
      '/manifest.webmanifest',
    ]) {
      expect(await seen(PREVIEW, path), path).toEqual(await seen(HOSTING, path))
    }
  })
})
