/**
 * What a page says in its <head> to browsers, link previews and search engines: the document
 * title, the canonical address, Open Graph and Twitter card tags, JSON-LD, and `noindex` for a
 * page that should not be listed. The build writes it into the information pages and the
 * publicPages function into the pages it writes when they are asked for: one code for both.
 */
import { SITE } from './site'

export interface PageMeta {
  title: string
  description: string
}

/** For link previews and search engines: the site's address, the page's 1200 x 630 picture, its structured data. */
export interface SocialParts {
  siteUrl: string
  /** A path on the site, or an absolute address (an uploaded cover's preview). */
  image: string
  structuredData?: unknown
}

/** What a page that should not be listed (a missing page, an event no longer on sale) says to search engines. */
export const NOINDEX = '<meta name="robots" content="noindex" />'

/** Link previews and search results want a raster picture of 1200 x 630 (JPEG or PNG). */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const

/** An address on the site, or an absolute one, as an absolute one. */
export const absolute = (siteUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${siteUrl}${path}`)

/** JSON for a <script type="application/ld+json">: nothing in it can end the script early. */
export const jsonForScript = (data: unknown) =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

/** The element of every page that carries the catalogue the page was written with. */
export const CATALOGUE_SCRIPT_ID = 'yaari-catalogue'

/**
 * The catalogue as a data block in a page (never run: the Content-Security-Policy does not apply
 * to it), which the app installs before its first render: the first paint needs no request, and
 * the catalogue is no part of the JavaScript every visitor downloads.
 */
export function catalogueScript(catalogue: unknown): string {
  return `<script type="application/json" id="${CATALOGUE_SCRIPT_ID}">${jsonForScript(catalogue)}</script>`
}

/** "{page} | Yaari", or just "Yaari" on the home page. */
export function documentTitle(title: string): string {
  return title === SITE.productName ? title : `${title} | ${SITE.productName}`
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** The canonical address, Open Graph and Twitter card tags, and JSON-LD of a page. */
export function socialTags(path: string, meta: PageMeta, social: SocialParts): string {
  const url = `${social.siteUrl}${path === '/' ? '/' : path}`
  // A cover uploaded through the editor is already an absolute address.
  const image = absolute(social.siteUrl, social.image)
  const title = documentTitle(meta.title)
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE.productName)}" />`,
    `<meta property="og:locale" content="en_IN" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:width" content="${SOCIAL_IMAGE_SIZE.width}" />`,
    `<meta property="og:image:height" content="${SOCIAL_IMAGE_SIZE.height}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ]
  // A data block, never run: the Content-Security-Policy does not apply to it.
  if (social.structuredData) {
    tags.push(`<script type="application/ld+json">${jsonForScript(social.structuredData)}</script>`)
  }
  return tags.map((tag) => `  ${tag}\n`).join('')
}
