/**
 * What Firebase Hosting answers for an address, as firebase.json has it, in Hosting's order: a
 * file that exists, as itself ("/about" serves about.html: `cleanUrls`); else the first rewrite
 * whose glob matches (a function, or the app shell for a member's page); else 404.html with a 404
 * status. `vite preview` and the end-to-end tests' static host both follow this one rule, and a
 * test holds it to the Hosting emulator's own answers (tests/integration/hosting.test.ts).
 */
import { readFileSync } from 'node:fs'

/** The HTML of every member's page (hosting rewrites, the service worker's navigation fallback). */
export const APP_SHELL = 'app.html'
/** What Hosting answers, with a 404, for an address that has no file and no rewrite. */
export const NOT_FOUND_PAGE = '404.html'

/** A rewrite of firebase.json's hosting section: to a function, or to a file. */
export type HostingRewrite =
  | { source: string; function: { functionId: string; region?: string } }
  | { source: string; destination: string }

/** The rewrites of a firebase.json (the repository's unless another file is named), in order. */
export function readHostingRewrites(
  firebaseJson: URL | string = new URL('../../firebase.json', import.meta.url),
): HostingRewrite[] {
  return JSON.parse(readFileSync(firebaseJson, 'utf8')).hosting?.rewrites ?? []
}

/** How Hosting answers an address: a built file (with its status), or a function. */
export type HostingAnswer = { file: string; status: 200 | 404 } | { functionId: string }

/** The file a clean address names, if it was built ("/events" -> "/events.html"). */
function builtFile(pathname: string, exists: (file: string) => boolean): string | undefined {
  if (exists(pathname) && /\.[a-z0-9]+$/i.test(pathname)) return pathname
  const page = pathname.replace(/\/+$/, '')
  if (page === '') return exists('/index.html') ? '/index.html' : undefined
  return exists(`${page}.html`) ? `${page}.html` : undefined
}

/** What Hosting serves for `pathname`; `exists` tells whether a file ("/about.html") was built. */
export function hostingAnswer(
  pathname: string,
  rewrites: readonly HostingRewrite[],
  exists: (file: string) => boolean,
): HostingAnswer {
  const file = builtFile(pathname, exists)
  if (file) return { file, status: 200 }
  const rewrite = rewrites.find((rule) => hostingGlob(rule.source).test(pathname))
  if (rewrite && 'function' in rewrite) return { functionId: rewrite.function.functionId }
  if (rewrite) return { file: rewrite.destination, status: 200 }
  return { file: `/${NOT_FOUND_PAGE}`, status: 404 }
}

/** A `headers` rule of firebase.json's hosting section. */
export interface HostingHeaderRule {
  source: string
  headers: { key: string; value: string }[]
}

/** The `headers` rules of a firebase.json (the repository's unless another file is named). */
export function readHostingHeaderRules(
  firebaseJson: URL | string = new URL('../../firebase.json', import.meta.url),
): HostingHeaderRule[] {
  return JSON.parse(readFileSync(firebaseJson, 'utf8')).hosting?.headers ?? []
}

/** A Content-Security-Policy's directives: name -> sources. */
export function cspDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  )
}

/** Sources firebase.json can name only by wildcard: it is shared by every project deployed from this repository. */
export const WILDCARD_FUNCTIONS = 'https://*.cloudfunctions.net'
export const ANY_STORAGE_BUCKET = 'https://firebasestorage.googleapis.com'

/** What a build knows of its own project (its VITE_* configuration). */
export interface ProjectSources {
  projectId: string
  functionsRegion: string
  storageBucket?: string
  /** The local stack's host (its emulators and stand-ins), when the build talks to them. */
  emulatorHost?: string
}

/**
 * The policy every page carries in a <meta>, beside firebase.json's header: a browser enforces
 * both, so what a page may reach is what both allow. It repeats the header's connect-src and
 * img-src with the wildcards narrowed to this build's own project: its functions' origin and its
 * Storage bucket (any other project's functions or bucket refused). The local stack's build adds
 * its servers, as the local preview's header does.
 */
export function projectContentSecurityPolicy(headerPolicy: string, project: ProjectSources): string {
  const directives = cspDirectives(headerPolicy)
  const local = project.emulatorHost ? [`http://${project.emulatorHost}:*`] : []
  const narrow = (source: string) => {
    if (source === WILDCARD_FUNCTIONS)
      return `https://${project.functionsRegion}-${project.projectId}.cloudfunctions.net`
    if (source === ANY_STORAGE_BUCKET && project.storageBucket)
      return `${ANY_STORAGE_BUCKET}/v0/b/${encodeURIComponent(project.storageBucket)}/`
    return source
  }
  return ['connect-src', 'img-src']
    .filter((name) => directives.has(name))
    .map((name) => [name, ...(directives.get(name) ?? []).map(narrow), ...local].join(' '))
    .join('; ')
}

/**
 * A firebase.json glob as a RegExp over the request path, as Hosting's minimatch reads it: `**`
 * any path (`/**\/` also none: "/**\/*.js" matches "/a.js"), `*` one segment's characters but none
 * at all. Anything else that Hosting's globs allow is refused here, so a rule the local preview
 * cannot read the same way never passes unnoticed.
 */
export function hostingGlob(source: string): RegExp {
  if (/[?[\]{}!@+()]/.test(source)) throw new Error(`Unsupported glob in firebase.json: ${source}`)
  const glob = source.startsWith('/') || source.startsWith('**') ? source : `/${source}`
  const pattern = glob
    .split(/(\/\*\*\/|\*\*|\*)/)
    .map((part) => {
      if (part === '/**/') return '/(?:.*/)?'
      if (part === '**') return '.*'
      if (part === '*') return '[^/]+'
      return part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    })
    .join('')
  return new RegExp(`^${pattern}$`)
}

/**
 * The headers Hosting sends for a request path: every matching rule applies, and for the
 * same header the last rule wins. Keys come out lower-cased, as HTTP/2 sends them.
 */
export function hostingHeaders(pathname: string, rules: readonly HostingHeaderRule[]): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const rule of rules) {
    if (!hostingGlob(rule.source).test(pathname)) continue
    for (const { key, value } of rule.headers) headers[key.toLowerCase()] = value
  }
  return headers
}

/** The local stack's own servers: the emulators, the stand-ins, the photo store. */
export const LOCAL_SOURCES = 'http://127.0.0.1:*'
const LOCAL_DIRECTIVES = ['script-src', 'connect-src', 'img-src', 'frame-src', 'form-action']

/**
 * firebase.json's Content-Security-Policy as the local preview serves it: the same policy, with
 * the stack's servers (all on 127.0.0.1) allowed where the real ones are, and without
 * `upgrade-insecure-requests`, which would send the app's calls to them over https.
 */
export function localContentSecurityPolicy(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
    .map((directive) =>
      LOCAL_DIRECTIVES.includes(directive.split(/\s+/)[0] ?? '') ? `${directive} ${LOCAL_SOURCES}` : directive,
    )
    .join('; ')
}

/** What the local preview sends for a path: Hosting's headers, with the local policy. */
export function previewHeaders(pathname: string, rules: readonly HostingHeaderRule[]): Record<string, string> {
  const headers = hostingHeaders(pathname, rules)
  const policy = headers['content-security-policy']
  if (policy !== undefined) headers['content-security-policy'] = localContentSecurityPolicy(policy)
  return headers
}
