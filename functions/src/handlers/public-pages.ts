/**
 * The public pages Hosting has no file for (Hosting rewrites, firebase.json): `/events/<id>` of an
 * event published after the build, and `/sitemap.xml`. An event's page is the app's shell with the
 * event's head (title, description, Open Graph, JSON-LD with its prices) written by the same code
 * the build prerenders with (the domain's page-head.ts and event-page.ts), so a link shared on
 * WhatsApp previews it and a search engine reads it without running the app. Shared caches keep a
 * page 5 minutes; a publish shows in it after that at the latest.
 */
import { canonicalEventId, eventById, listedEvents } from '@yaari/domain/catalogue'
import { eventPageHtml } from '@yaari/domain/event-page'
import { STATIC_PAGES, sitemapXml } from '@yaari/domain/sitemap'
import { onRequest } from 'firebase-functions/v2/https'
import { db } from '../lib/admin'
import { refreshCatalogue } from '../lib/catalogue'
import { APP_ORIGIN } from '../lib/settings'
import { runOptions } from './sizing'

export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300'
const SHELL_TTL_MS = 10 * 60_000

let shell: { html: string; at: number } | undefined

/** The app's shell (app.html) as the site serves it now: a deploy changes its script's address. */
async function appShell(origin: string, now: number): Promise<string> {
  if (shell && now - shell.at < SHELL_TTL_MS) return shell.html
  const response = await fetch(`${origin}/app.html`)
  if (!response.ok) throw new Error(`The site answered ${response.status} for /app.html`)
  shell = { html: await response.text(), at: now }
  return shell.html
}

export const publicPages = onRequest(runOptions('publicPages'), async (request, response) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.status(405).set('allow', 'GET, HEAD').send('GET only')
    return
  }
  const origin = APP_ORIGIN.value().replace(/\/+$/, '')
  const catalogue = await refreshCatalogue(db())
  const now = Date.now()
  if (request.path === '/sitemap.xml') {
    const paths = [
      ...STATIC_PAGES.slice(0, 2),
      ...listedEvents().map((event) => `/events/${event.id}`),
      ...STATIC_PAGES.slice(2),
    ]
    response
      .status(200)
      .set('cache-control', PAGE_CACHE_CONTROL)
      .type('application/xml')
      .send(sitemapXml(origin, paths, new Date(catalogue.publishedAt)))
    return
  }
  const match = /^\/events\/([^/]+)\/?$/.exec(request.path)
  const id = match?.[1] ? canonicalEventId(decodeURIComponent(match[1])) : undefined
  const html = await appShell(origin, now)
  if (!id) {
    // Not an event: the shell, whose app shows its not-found page.
    response.status(404).set('cache-control', PAGE_CACHE_CONTROL).type('html').send(html)
    return
  }
  if (id !== match?.[1]) {
    response.redirect(301, `/events/${id}`)
    return
  }
  const event = eventById(id)!
  response
    .status(200)
    .set('cache-control', PAGE_CACHE_CONTROL)
    .type('html')
    .send(eventPageHtml(html, event, { siteUrl: origin, now: new Date(now) }))
})
