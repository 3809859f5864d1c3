/**
 * A public page as HTML (decision 0020). The pages that show the catalogue (home, listing,
 * categories, events) are written when asked for, from the catalogue published at that moment and
 * with that moment's dates, by the publicPages function behind the CDN; the information pages and
 * the not-found page are written by the build (nothing in them changes after it). Each page carries
 * only the part of the catalogue it shows; an event no longer on sale, and a missing page, ask
 * search engines not to list them.
 */
import { catalogueOf, NO_CATALOGUE, type PublishedCatalogue } from '@yaari/domain/catalogue'
import { eventPageHead } from '@yaari/domain/event-page'
import { cataloguePage, type PublicPage, type PublicPageRequest } from '@yaari/domain/page-catalogue'
import type { SocialParts } from '@yaari/domain/page-head'
import { SITE_SOCIAL_IMAGE, siteStructuredData } from '@yaari/domain/structured-data'
import { installCatalogue } from '../lib/catalogue'
import { prerenderedPageHtml } from './page-html'
import { htmlFileFor, NOT_FOUND_PATH } from './paths'
import { renderPage } from './render-page'

/**
 * Renders one of the catalogue's pages, or undefined when `path` is not one (an information page
 * or a member's page: Hosting serves those as files).
 */
export async function renderPublicPage(request: PublicPageRequest): Promise<PublicPage | undefined> {
  const page = cataloguePage(request.path, Object.fromEntries(new URLSearchParams(request.search)), request.catalogue)
  if (!page) return undefined
  if (page.kind === 'redirect') return { status: 301, location: page.location }
  if (page.kind === 'not-found') return notFound(request.template, request.path, request.now, request.catalogue)
  // The render reads the catalogue this page carries, and nothing more, so the browser hydrates it as it is.
  installCatalogue(page.excerpt)
  const rendered = await renderPage(`${request.path}${request.search}`, request.now)
  if (rendered.status !== 200 || !rendered.meta)
    throw new Error(`Rendering ${request.path} failed (${rendered.status})`)
  const { siteUrl, now } = request
  let social: SocialParts = { siteUrl, image: SITE_SOCIAL_IMAGE }
  let indexable = true
  if (page.kind === 'home') social = { ...social, structuredData: siteStructuredData(siteUrl) }
  if (page.kind === 'event')
    ({ social, indexable } = eventPageHead(catalogueOf(page.excerpt), page.event, {
      siteUrl,
      now: new Date(now),
      ...(request.seats ? { seats: request.seats } : {}),
    }))
  const html = prerenderedPageHtml(request.template, {
    path: request.path,
    body: rendered.html,
    meta: rendered.meta,
    renderedAt: now,
    social,
    catalogue: page.excerpt,
    indexable,
  })
  return { status: 200, html, indexable }
}

/**
 * The not-found page, not to be listed; the app renders it again for the address it is at. Written
 * when asked for, it carries the cities it was rendered with (no events), so the browser hydrates
 * what was rendered; the build's 404.html carries nothing, its catalogue being the build's.
 */
async function notFound(
  template: string,
  path: string,
  now: number,
  catalogue?: PublishedCatalogue,
): Promise<PublicPage> {
  const excerpt: PublishedCatalogue = { ...(catalogue ?? NO_CATALOGUE), events: [], excerpt: true }
  installCatalogue(excerpt)
  const rendered = await renderPage(path, now)
  const meta = rendered.meta ?? { title: 'Page Not Found', description: 'This page does not exist.' }
  return {
    status: 404,
    html: prerenderedPageHtml(template, {
      path,
      body: rendered.html,
      meta,
      renderedAt: now,
      indexable: false,
      ...(catalogue ? { catalogue: excerpt } : {}),
    }),
    indexable: false,
  }
}

/** An information page, or the not-found page (404.html), as the build writes it: no catalogue in it. */
export async function renderInformationPage(
  template: string,
  path: string,
  siteUrl: string,
  now: number,
): Promise<{ file: string; html: string }> {
  if (path === NOT_FOUND_PATH) {
    const page = await notFound(template, path, now)
    if (page.status !== 404) throw new Error('The not-found page did not render as one')
    return { file: htmlFileFor(path), html: page.html }
  }
  installCatalogue(NO_CATALOGUE)
  const rendered = await renderPage(path, now)
  if (rendered.status !== 200 || !rendered.meta) throw new Error(`Prerendering ${path} failed (${rendered.status})`)
  const html = prerenderedPageHtml(template, {
    path,
    body: rendered.html,
    meta: rendered.meta,
    renderedAt: now,
    social: { siteUrl, image: SITE_SOCIAL_IMAGE },
  })
  return { file: htmlFileFor(path), html }
}
