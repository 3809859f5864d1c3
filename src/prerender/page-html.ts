/**
 * Turns the built index.html into a prerendered page: the page's HTML in #root, its title and
 * description in <head>, and the app's code loaded only after the first paint.
 *
 * Why after: with the code's <script> and modulepreloads in <head>, the browser fetches ~120 KB
 * of JavaScript alongside the stylesheet and runs it before it first paints, so on a slow phone
 * the visitor waits for code to see text that is already in the HTML. Loaded from a small inline
 * script after the first frame, the same files arrive right behind the page, and hydrate it.
 *
 * That script is the same text in every page of every build (the entry's address is in a
 * <meta>), so the Content-Security-Policy in firebase.json allows it by its hash.
 */
import type { PublishedCatalogue } from '@yaari/domain/catalogue'
import {
  catalogueScript,
  documentTitle,
  escapeHtml,
  NOINDEX,
  type PageMeta,
  type SocialParts,
  socialTags,
} from '@yaari/domain/page-head'

export { escapeHtml, socialTags }

/** A page as src/prerender/entry.tsx renders it; status 200 unless it failed or is not found. */
export interface PrerenderedPage {
  html: string
  meta: PageMeta | undefined
  status: number
}

export interface PrerenderedParts {
  path: string
  body: string
  meta: PageMeta
  renderedAt: number
  /** For link previews and search engines: the site's address, the page's image, its structured data. */
  social?: SocialParts
  /** The part of the catalogue the page shows, which the app installs before it renders (none: it shows none). */
  catalogue?: PublishedCatalogue
  /** False for a page search engines should not list (a missing page, an event no longer on sale). */
  indexable?: boolean
}

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g
const EMPTY_ROOT = '<div id="root"></div>'
const ENTRY_META = 'yaari:entry'

/** The web app manifest's address (vite-plugin-pwa's), as the shell links it. */
const MANIFEST_PATH = '/manifest.webmanifest'
const MANIFEST_LINK = /[ \t]*<link rel="manifest" href="([^"]+)">\n?/

/**
 * The inline loader, byte for byte: firebase.json's script-src carries its sha256, and for one
 * release after a change the previous loader's as well (while a deploy has released the functions
 * but not Hosting, or a shared cache still holds a page for its five minutes, pages of either
 * release are answered under the other's header; a loader the policy refuses starts nothing). Once the first
 * paint is on screen (the browser reports it after it is shown; a request made while a frame is
 * still on its way competes with the page's first bytes for the signal), it links the manifest
 * (nothing before an install prompt needs it) and loads the app. A hidden page, or a browser that
 * does not report paints, loads at once; a paint never reported, after a second.
 */
export const LOADER_SCRIPT = [
  'let started = false',
  'const start = () => {',
  '  if (started) return',
  '  started = true',
  `  document.head.append(Object.assign(document.createElement('link'), { rel: 'manifest', href: '${MANIFEST_PATH}' }))`,
  `  import(document.querySelector('meta[name="${ENTRY_META}"]').content)`,
  '}',
  "if (document.visibilityState !== 'visible' || typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) start()",
  'else {',
  "  new PerformanceObserver(() => setTimeout(start)).observe({ type: 'paint', buffered: true })",
  '  setTimeout(start, 1000)',
  '}',
].join('\n')

export function prerenderedPageHtml(
  template: string,
  { path, body, meta, renderedAt, social, catalogue, indexable = true }: PrerenderedParts,
): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1]
  if (!entry) throw new Error('index.html has no module <script> to load the app from')
  if (!template.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`)
  const manifest = MANIFEST_LINK.exec(template)?.[1]
  if (manifest !== undefined && manifest !== MANIFEST_PATH)
    throw new Error(`index.html links the manifest at ${manifest}; the pages' loader links ${MANIFEST_PATH}`)
  // No modulepreload links: the entry chunk imports every chunk it needs directly, so the
  // browser asks for them all at once as soon as it has read the entry.
  const loader = `<script type="module">${LOADER_SCRIPT}</script>`
  return (
    template
      // The shell (app.html) asks not to be listed; a page written on it says so itself when it should.
      .replace(`  ${NOINDEX}\n`, '')
      .replace(ENTRY_SCRIPT, '')
      .replace(
        '</head>',
        () =>
          `${indexable ? '' : `  ${NOINDEX}\n`}${social ? socialTags(path, meta, social) : ''}${catalogue ? `  ${catalogueScript(catalogue)}\n` : ''}  <meta name="${ENTRY_META}" content="${escapeHtml(entry)}" />\n  </head>`,
      )
      .replace(MODULE_PRELOAD, '')
      .replace(MANIFEST_LINK, '')
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(meta.title))}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"/,
        () => `<meta name="description" content="${escapeHtml(meta.description)}"`,
      )
      .replace(
        EMPTY_ROOT,
        () => `<div id="root" data-rendered-at="${renderedAt}" data-rendered-path="${escapeHtml(path)}">${body}</div>`,
      )
      .replace('</body>', () => `${loader}\n  </body>`)
  )
}
