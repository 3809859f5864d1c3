/**
 * What Firebase Hosting serves for an address, as firebase.json has it (`cleanUrls`, then
 * `** -> /app.html`): a file is served as itself, a page's address serves its prerendered HTML
 * ("/events" -> "/events.html", "/" -> "/index.html"), any other address gets the app shell.
 * `vite preview` and the end-to-end tests' static host both follow this one rule.
 */
import { readFileSync } from 'node:fs'

/** The HTML every other address gets (hosting rewrites, the service worker's navigation fallback). */
export const APP_SHELL = 'app.html'

/** True when the address names a file ("/assets/index-1a2b.js", "/sw.js"), not a page. */
export function isFileAddress(pathname: string): boolean {
  return /\.[a-z0-9]+$/i.test(pathname)
}

/** The file to serve for `pathname`; `exists` tells whether a file ("/events.html") was built. */
export function hostedFile(pathname: string, exists: (file: string) => boolean): string {
  if (isFileAddress(pathname)) return pathname
  const page = pathname.replace(/\/+$/, '')
  if (page === '') return '/index.html'
  return exists(`${page}.html`) ? `${page}.html` : `/${APP_SHELL}`
}

/** A rewrite of firebase.json's hosting section to a function (the app shell's rewrite is `hostedFile`'s). */
export interface HostingFunctionRewrite {
  source: string
  function: { functionId: string; region?: string }
}

/** The rewrites to functions of a firebase.json (the repository's unless another file is named), in order. */
export function readHostingRewrites(
  firebaseJson: URL | string = new URL('../../firebase.json', import.meta.url),
): HostingFunctionRewrite[] {
  const rewrites: unknown[] = JSON.parse(readFileSync(firebaseJson, 'utf8')).hosting?.rewrites ?? []
  return rewrites.filter(
    (rule): rule is HostingFunctionRewrite => typeof (rule as HostingFunctionRewrite).function?.functionId === 'string',
  )
}

/**
 * The function Hosting sends `pathname` to when no built file answers it (Hosting serves a file
 * first, then the rewrites in order), or undefined.
 */
export function rewrittenFunction(
  pathname: string,
  rewrites: readonly HostingFunctionRewrite[],
  exists: (file: string) => boolean,
): string | undefined {
  if (exists(pathname) || exists(`${pathname.replace(/\/+$/, '')}.html`)) return undefined
  return rewrites.find((rule) => hostingGlob(rule.source).test(pathname))?.function.functionId
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
 * A firebase.json glob as a RegExp over the request path: `**` any path, `*` one segment's
 * characters. Anything else that Hosting's globs allow is refused here, so a rule the local
 * preview cannot read the same way never passes unnoticed.
 */
export function hostingGlob(source: string): RegExp {
  if (/[?[\]{}!@+()]/.test(source)) throw new Error(`Unsupported glob in firebase.json: ${source}`)
  const glob = source.startsWith('/') || source.startsWith('**') ? source : `/${source}`
  const pattern = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
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
