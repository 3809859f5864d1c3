/**
 * What Firebase Hosting serves for an address, as firebase.json has it (`cleanUrls`, then
 * `** -> /app.html`): a file is served as itself, a page's address serves its prerendered HTML
 * ("/events" -> "/events.html", "/" -> "/index.html"), any other address gets the app shell.
 * `vite preview` and the end-to-end tests' static host both follow this one rule.
 */

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
