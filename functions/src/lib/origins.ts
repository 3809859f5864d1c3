/**
 * Which web pages may call the callables: the site's own origin (APP_ORIGIN), and on the local
 * stack (a `demo-` project) any loopback address, since tests serve builds on any port. A
 * request with no Origin header is not from a web page (Cashfree, a script, the SDK in Node):
 * the browser's CORS rules do not apply to it and it is judged by its token like any other.
 */
export const LOOPBACK_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/

export function isAllowedOrigin(origin: string | undefined, site: { appOrigin: string; local: boolean }): boolean {
  if (origin === undefined || origin === '') return true
  if (site.local && LOOPBACK_ORIGIN.test(origin)) return true
  return site.appOrigin !== '' && origin === site.appOrigin.replace(/\/+$/, '')
}
