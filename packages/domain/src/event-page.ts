/**
 * An event's page as crawlers and link previews read it: its title and description, its image and
 * its schema.org Event. The build prerenders the events it knows; the eventPage function serves
 * the ones published after it, from the same head code (page-head.ts) on the app's shell, with a
 * short summary in the body for readers that run no script (the app replaces it as it starts).
 */
import { currentCatalogue, PRICE_TIERS, TIER_LABELS, type YaariEvent } from './catalogue'
import { COVER_WIDTHS } from './catalogue-editor'
import { cityOf, eventPageMeta } from './event-meta'
import { formatInr } from './money'
import { documentTitle, escapeHtml, type SocialParts, socialTags, withCatalogue } from './page-head'

export { eventPageMeta }

import { SITE } from './site'
import { eventStructuredData, socialImagePath } from './structured-data'
import { formatTime, scheduleLabel } from './time-labels'

/** The picture a link preview shows: an uploaded cover as it is, else the one the build drew. */
export function eventSocialImage(event: YaariEvent): Pick<SocialParts, 'image' | 'imageSize'> {
  if (/^https?:\/\//.test(event.image)) {
    const width = COVER_WIDTHS.at(-1)!
    return { image: event.image, imageSize: { width, height: Math.round((width * 9) / 16) } }
  }
  return { image: socialImagePath(event.id) }
}

/**
 * The app's shell made into the event's page: its head, a summary for readers without script, and
 * the catalogue published now (so the app starts on it, the event included).
 */
export function eventPageHtml(shell: string, event: YaariEvent, { siteUrl, now }: { siteUrl: string; now: Date }) {
  const path = `/events/${event.id}`
  const meta = eventPageMeta(event)
  const structuredData = eventStructuredData(event, { siteUrl, now })
  const head = socialTags(path, meta, {
    siteUrl,
    ...eventSocialImage(event),
    ...(structuredData ? { structuredData } : {}),
  })
  const prices = PRICE_TIERS.map((tier) => `${TIER_LABELS[tier]} ${formatInr(event.prices[tier])}`).join(', ')
  const summary = [
    `<main><article><h1>${escapeHtml(event.title)}</h1>`,
    `<p>${escapeHtml(event.kind)} · ${escapeHtml(event.category)}</p>`,
    `<p>${escapeHtml(event.description)}</p>`,
    `<p>${escapeHtml(`${scheduleLabel(event)} at ${formatTime(event.startTime)}, ${event.venueArea}, ${cityOf(event)}. ${prices}.`)}</p>`,
    `<p><a href="${escapeHtml(path)}">Book on ${escapeHtml(SITE.productName)}</a></p></article></main>`,
  ].join('')
  return withCatalogue(shell, currentCatalogue())
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(meta.title))}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"/,
      () => `<meta name="description" content="${escapeHtml(meta.description)}"`,
    )
    .replace('</head>', () => `${head}  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${summary}</div>`)
}
