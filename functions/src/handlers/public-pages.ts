/**
 * The public pages Hosting has no file for (its rewrites, firebase.json), written when they are
 * asked for (decision 0020):
 * - the pages that show the catalogue (`/`, `/events`, `/categories/<slug>`, `/events/<id>`),
 *   rendered by the app's own server render (functions/lib/pages, built with the site) from the
 *   catalogue published at that moment and with that moment's dates, on the shell of the same
 *   build (pages/app.html: its scripts are the ones that render hydrates). Shared caches keep a page
 *   five minutes, so a crawler the day after a deploy reads that day's dates and offers. An event no
 *   longer on sale says so and asks not to be listed; an address of no page is a 404 with
 *   `noindex`, an older address of an event a 301 to its one address, and a query a page does not
 *   read a 301 to the address without it (each query is a page of its own to a CDN);
 *   An event's page reads its dates' seats too: its schema.org offers say in stock or sold out;
 * - `/sitemap.xml`, every listed page with the day it last changed;
 * - a script or style of this build that Hosting does not have (a deploy half released): the file
 *   itself, from the copy the build keeps beside the render;
 * - a file that does not exist (an old deploy's script, a picture): a plain 404, never the app's
 *   HTML under a script's address.
 * Each answer is compressed as the browser accepts (lib/compress.ts): a page is a quarter of its
 * size gzipped, and on a slow signal its bytes decide when the page first shows.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { canonicalSearch, type PagesRender } from '@yaari/domain/page-catalogue'
import { sitemapEntries, sitemapXml } from '@yaari/domain/sitemap'
import { onRequest } from 'firebase-functions/v2/https'
import { db } from '../lib/admin'
import { loadCatalogue } from '../lib/catalogue'
import { sendCompressed } from '../lib/compress'
import { pagesNow } from '../lib/data/stack-clocks'
import { warn } from '../lib/log'
import { APP_ORIGIN } from '../lib/settings'
import { nextDateAvailability } from '../services/availability'
import { runOptions } from './sizing'

const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300'
/** What a missing file answers: nobody keeps it, so a later deploy that has it is seen at once. */
const MISSING_FILE_CACHE_CONTROL = 'no-store'
let shell: string | undefined
/**
 * The app's shell of the build the render comes from (written beside it): the page's scripts are
 * that build's, so what the render writes is what they hydrate. A deploy sends both (the
 * functions' predeploy builds the site); between the functions' release and Hosting's, a page
 * names scripts Hosting does not serve yet, and Hosting's release clears the CDN of it.
 */
const appShell = () => {
  shell ??= readFileSync(join(__dirname, 'pages', 'app.html'), 'utf8')
  return shell
}

/** The day the deployed site was built (the shell says), for the sitemap's information pages. */
const deployedAt = (html: string, now: number) =>
  /<meta name="yaari:built" content="(\d{4}-\d\d-\d\d)"/.exec(html)?.[1] ?? new Date(now).toISOString().slice(0, 10)

let render: Promise<PagesRender> | undefined
/** The pages' server render, loaded once per instance (a few hundred milliseconds, on the first page asked for). */
const pagesRender = () => {
  render ??= import('./pages/render.mjs' as string) as Promise<PagesRender>
  return render
}

/** A script or style of a build, named by its content's hash: the same address is always the same bytes. */
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * A script or style of the build this function was deployed with (kept beside its render), for an
 * address Hosting has no file for: between the release of the functions and of Hosting in a deploy,
 * the pages this function writes name scripts Hosting does not serve yet (or no longer). Only a name
 * under /assets/ (no folder, no way out of it); undefined for any other address or a file not there.
 */
function buildAsset(path: string): { bytes: Buffer; type: string } | undefined {
  const match = /^\/assets\/([\w-]+(?:\.[\w-]+)*\.(js|css))$/.exec(path)
  if (!match) return undefined
  try {
    return {
      bytes: readFileSync(join(__dirname, 'pages', 'assets', match[1]!)),
      type: match[2] === 'css' ? 'text/css' : 'text/javascript',
    }
  } catch {
    return undefined
  }
}

/** An address that names a file ("/assets/index-1a2b.js", "/images/x.png"), not a page. */
const isFileAddress = (path: string) => /\.[a-z0-9]+$/i.test(path)

/**
 * Renders one page at a time in an instance: the render reads the catalogue its page carries from
 * one place, so two renders must not interleave.
 */
let queue: Promise<unknown> = Promise.resolve()
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task)
  queue = run.catch(() => undefined)
  return run
}

export const publicPages = onRequest(runOptions('publicPages'), async (request, response) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.status(405).set('allow', 'GET, HEAD').send('GET only')
    return
  }
  const path = request.path
  const asset = buildAsset(path)
  if (asset) {
    response.status(200).set('cache-control', ASSET_CACHE_CONTROL).type(asset.type)
    sendCompressed(request, response, asset.bytes)
    return
  }
  if (path !== '/sitemap.xml' && isFileAddress(path)) {
    response.status(404).set('cache-control', MISSING_FILE_CACHE_CONTROL).type('text/plain').send('Not found')
    return
  }
  const origin = APP_ORIGIN.value().replace(/\/+$/, '')
  const published = await loadCatalogue(db())
  const catalogue = published.snapshot
  const now = await pagesNow(db())
  if (path === '/sitemap.xml') {
    response.status(200).set('cache-control', PAGE_CACHE_CONTROL).type('application/xml')
    sendCompressed(request, response, sitemapXml(origin, sitemapEntries(catalogue, deployedAt(appShell(), now))))
    return
  }
  const search = new URL(request.originalUrl, 'http://local').search
  const kept = canonicalSearch(path, search)
  if (kept !== search) {
    // One leading slash: "//host" would send the visitor to another site.
    response.set('cache-control', PAGE_CACHE_CONTROL).redirect(301, `${path.replace(/^\/+/, '/')}${kept}`)
    return
  }
  // An event's page says whether its next date has a seat left (its schema.org offers): a few
  // reads; a page is written without them rather than not at all when they fail.
  const event = published.eventById(/^\/events\/([^/]+)$/.exec(path)?.[1] ?? '')
  const seats =
    event && published.isOnSale(event)
      ? await nextDateAvailability({ firestore: db(), now: () => new Date(now) }, event).catch((error: unknown) => {
          warn('public-page-seats-unread', { eventId: event.id, error: String(error).slice(0, 300) })
          return undefined
        })
      : undefined
  const pages = await pagesRender()
  const template = appShell()
  const page = await oneAtATime(
    async () =>
      (await pages.renderPublicPage({
        path,
        search,
        now,
        template,
        siteUrl: origin,
        catalogue,
        ...(seats ? { seats } : {}),
      })) ??
      // Not one of the catalogue's pages (Hosting sends only those here): the not-found page.
      pages.renderPublicPage({ path: '/events/-', search: '', now, template, siteUrl: origin, catalogue }),
  )
  if (!page) throw new Error(`No page for ${path}`)
  if (page.status === 301) {
    response.set('cache-control', PAGE_CACHE_CONTROL).redirect(301, page.location)
    return
  }
  response.status(page.status).set('cache-control', PAGE_CACHE_CONTROL)
  if (!page.indexable) response.set('x-robots-tag', 'noindex')
  response.type('html')
  sendCompressed(request, response, page.html)
})
