import type { PublishedCatalogue } from '@yaari/domain/catalogue'
import { archiveCatalogueEventCall, saveCatalogueEventCall, uploadEventCoverCall } from '@yaari/domain/catalogue-editor'
import { SEED_EVENTS } from '@yaari/domain/catalogue-seed'
import { setSalesCall } from '@yaari/domain/host'
import { availableDates, eventStartInstant } from '@yaari/domain/schedule'
import { istDateTime } from '@yaari/domain/structured-data'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { HOST, stackPorts } from '../../dev/lib/config.mjs'
import { callFunction } from '../../src/lib/firebase'
import { cityByAdmin, eventDraft, publishSaved, runCity } from './catalogue-fixtures'
import { adminDb, signedInAdmin, signOutMember } from './helpers'

afterEach(signOutMember)

const SITE = `http://${HOST}:${stackPorts().hosting}`
const DAY = 86_400_000
const CITY = runCity('crawl', 'Crawlpur')
const brunch = eventDraft(CITY, `${CITY.id}-brunch`)

/** A page as a crawler reads it: status, headers, the JSON-LD, the meta tags, the catalogue it carries. */
async function crawl(path: string) {
  const response = await fetch(`${SITE}${path}`)
  const html = await response.text()
  const meta = (property: string) =>
    new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&')
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1]!),
  )
  const block = /<script type="application\/json" id="yaari-catalogue">(.*?)<\/script>/s.exec(html)?.[1]
  return {
    status: response.status,
    robots: response.headers.get('x-robots-tag'),
    html,
    meta,
    jsonLd,
    catalogue: block ? (JSON.parse(block) as PublishedCatalogue) : undefined,
    renderedAt: Number(/data-rendered-at="(\d+)"/.exec(html)?.[1]),
  }
}

/** The public pages' clock in the emulator, `days` after now: as a crawler reads them then. */
async function daysLater(days: number) {
  await adminDb()
    .doc('stack_clocks/public-pages')
    .set({ offset_ms: days * DAY })
}

beforeAll(() => cityByAdmin(CITY), 60_000)

// The pages' clock back, and this run's city off the selector: its events are on no later test's listing.
afterAll(async () => {
  await adminDb().doc('stack_clocks/public-pages').delete()
  await cityByAdmin({ ...CITY, status: 'archived' })
}, 60_000)

describe('any day after the deploy', () => {
  for (const days of [0, 1, 8]) {
    it(`${days} days on, an event page offers that day's next date, valid until it starts`, async () => {
      await daysLater(days)
      const event = SEED_EVENTS.find((e) => e.id === 'midweek-wednesday-dinner')!
      const page = await crawl(`/events/${event.id}`)
      const then = Date.now() + days * DAY
      expect(Math.abs(page.renderedAt - then)).toBeLessThan(60_000)
      const next = availableDates(event, new Date(page.renderedAt))[0]!
      const start = istDateTime(eventStartInstant(next, event.startTime))
      const [data] = page.jsonLd
      expect(data).toMatchObject({ '@type': 'Event', startDate: start, eventSchedule: { startDate: next } })
      for (const offer of data.offers)
        expect(offer).toMatchObject({ validThrough: start, availability: 'https://schema.org/InStock' })
      expect(Date.parse(start)).toBeGreaterThan(then)
      // The listing and the home page are written that day too.
      for (const path of ['/', '/events'])
        expect(Math.abs((await crawl(path)).renderedAt - then), path).toBeLessThan(60_000)
    })
  }
})

describe('the offers of an event page', () => {
  it('say sold out while its next date’s sales are closed, in stock once they reopen', async () => {
    await daysLater(0)
    const event = SEED_EVENTS.find((e) => e.id === 'midweek-wednesday-dinner')!
    const offered = async () => {
      const page = await crawl(`/events/${event.id}`)
      const next = availableDates(event, new Date(page.renderedAt))[0]!
      return {
        next,
        availability: [...new Set(page.jsonLd[0].offers.map((offer: { availability: string }) => offer.availability))],
      }
    }
    const { next } = await offered()
    await signedInAdmin()
    try {
      await callFunction(setSalesCall, { eventId: event.id, eventDate: next, open: false })
      expect(await offered()).toEqual({ next, availability: ['https://schema.org/SoldOut'] })
    } finally {
      await callFunction(setSalesCall, { eventId: event.id, eventDate: next, open: true })
    }
    expect(await offered()).toEqual({ next, availability: ['https://schema.org/InStock'] })
  })
})

describe('an event published from the console, then archived', () => {
  let cover = ''

  it('previews its cover as a 1200 x 630 JPEG, in Open Graph and JSON-LD alike, and names its city', async () => {
    await daysLater(0)
    await signedInAdmin()
    await callFunction(saveCatalogueEventCall, { event: { ...brunch, image: '' }, isNew: true })
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#c0562b' } })
      .jpeg()
      .toBuffer()
    cover = (await callFunction(uploadEventCoverCall, { id: brunch.id, data: photo.toString('base64') })).image
    await callFunction(saveCatalogueEventCall, { event: { ...brunch, image: cover }, isNew: false })
    await publishSaved(brunch.id)
    const page = await crawl(`/events/${brunch.id}`)
    expect([page.status, page.robots]).toEqual([200, null])
    const image = page.meta('og:image')!
    expect([page.meta('og:image:width'), page.meta('og:image:height')]).toEqual(['1200', '630'])
    expect(page.jsonLd[0].image).toEqual([image])
    const bytes = Buffer.from(await (await fetch(image)).arrayBuffer())
    const drawn = await sharp(bytes).metadata()
    expect([drawn.format, drawn.width, drawn.height]).toEqual(['jpeg', 1200, 630])
    expect(page.html).toContain('Crawlpur')
    // Only its own event travels with its page.
    expect(page.catalogue?.events.map((event) => event.id)).toEqual([brunch.id])
    expect(page.catalogue?.excerpt).toBe(true)
  })

  it('archived, its page says it is no longer on sale, offers nothing and asks not to be listed; the listing drops it', async () => {
    await signedInAdmin()
    await callFunction(archiveCatalogueEventCall, { id: brunch.id })
    const page = await crawl(`/events/${brunch.id}`)
    expect(page.status).toBe(200) // its tickets still open
    expect(page.robots).toBe('noindex')
    expect(page.html).toContain('<meta name="robots" content="noindex" />')
    expect(page.jsonLd).toEqual([])
    expect(page.html).toContain('This event is no longer on sale.')
    expect(page.html).not.toContain('Choose your ticket')
    expect(page.html).not.toMatch(/InStock|"offers"/)
    const listing = await crawl(`/events?city=${CITY.id}`)
    expect(listing.catalogue?.events.map((event) => event.id)).not.toContain(brunch.id)
    expect(listing.html).not.toContain(brunch.title)
    expect(await (await fetch(`${SITE}/sitemap.xml`)).text()).not.toContain(`/events/${brunch.id}<`)
  })
})

describe('what every page tells a crawler', () => {
  it('the home page asks for nothing before its first paint but its stylesheet: its icon is written in, its manifest linked after', async () => {
    const { html } = await crawl('/')
    const head = html.slice(0, html.indexOf('</head>'))
    expect(
      [...head.matchAll(/<link rel="(stylesheet|icon|manifest|preload|modulepreload)"[^>]*>/g)].map((m) => m[1]),
    ).toEqual(['icon', 'stylesheet'])
    expect(head).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/)
  })

  it('a page comes compressed as the asker accepts (Brotli, else gzip), as it is to one that accepts neither, from Hosting and the app’s origin alike', async () => {
    const appOrigin = `http://${HOST}:${stackPorts().app}`
    for (const origin of [SITE, appOrigin]) {
      for (const [accepts, encoding] of [
        // What Chrome sends: gzip listed first, Brotli still chosen.
        ['gzip, deflate, br, zstd', 'br'],
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        const response = await fetch(new URL('/events', origin), { headers: { 'accept-encoding': accepts } })
        expect(response.headers.get('content-encoding'), `${origin} asked for ${accepts}`).toBe(encoding)
        expect(response.headers.get('vary')).toMatch(/Accept-Encoding/)
        expect(await response.text()).toContain('<h1')
      }
    }
  })

  it('the home page carries its featured events only, and says who runs the site', async () => {
    await daysLater(0)
    const home = await crawl('/')
    expect(home.catalogue?.events.length).toBeLessThanOrEqual(3)
    expect(home.catalogue?.events.every((event) => event.featured)).toBe(true)
    expect(home.jsonLd.flat().map((data) => data['@type'])).toEqual(['Organization', 'WebSite'])
    const listing = await crawl('/events')
    expect(listing.catalogue?.events.every((event) => event.city === 'bangalore')).toBe(true)
  })

  it('the sitemap says when each address changed: an event when it was published, an information page at the deploy', async () => {
    const xml = await (await fetch(`${SITE}/sitemap.xml`)).text()
    const lastmod = (path: string) =>
      new RegExp(`<loc>[^<]*${path.replace(/[/.]/g, '\\$&')}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1]
    const built = /<meta name="yaari:built" content="([^"]+)"/.exec(await (await fetch(`${SITE}/app.html`)).text())?.[1]
    expect(lastmod('/privacy')).toBe(built)
    const catalogue = (await (await fetch(`${SITE}/catalogue.json`)).json()) as PublishedCatalogue
    const first = catalogue.events.find((event) => event.id === 'first-hello-stranger-meetup')!
    expect(lastmod('/events/first-hello-stranger-meetup')).toBe(
      (first.publishedAt ?? catalogue.publishedAt).slice(0, 10),
    )
  })

  it('a query the page does not read is a 301 to the page without it; one it reads is the page', async () => {
    for (const [asked, canonical] of [
      ['/events?utm_source=x', '/events'],
      ['/events/midweek-wednesday-dinner?fbclid=1', '/events/midweek-wednesday-dinner'],
      ['/?ref=a', '/'],
    ] as const) {
      const response = await fetch(`${SITE}${asked}`, { redirect: 'manual' })
      const location = new URL(response.headers.get('location') ?? '', SITE)
      expect([response.status, `${location.pathname}${location.search}`], asked).toEqual([301, canonical])
    }
    expect((await fetch(`${SITE}/events?city=mumbai`, { redirect: 'manual' })).status).toBe(200)
  })

  it('an event that does not exist is a 404 not to be listed, carrying the cities it was written with and no events', async () => {
    const page = await crawl('/events/no-such-event-here')
    expect([page.status, page.robots]).toEqual([404, 'noindex'])
    expect(page.catalogue?.events).toEqual([])
    expect(page.catalogue?.cities.map((city) => city.id)).toContain('bangalore')
  })

  it('the manifest names the app by an id', async () => {
    const manifest = await (await fetch(`${SITE}/manifest.webmanifest`)).json()
    expect(manifest.id).toBe('/')
  })
})
