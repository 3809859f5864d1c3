/**
 * Where a member goes back to after signing in (or signing up and finishing onboarding) from a
 * page that sent them to /auth, such as "Sign in to book" on an event with its price and date.
 * Only a path of this app is ever followed: another origin, a protocol-relative `//host`, a
 * backslash trick or a control character is dropped, so the return cannot be turned into an open
 * redirect. Kept for the tab's session, across the onboarding steps.
 */
const KEY = 'yaari:return-to'
/** Pages that are never a return: they are the way there. */
const NOT_RETURNS = ['/auth', '/signup', '/onboarding']

/** `value` as a path of this app ("/events/x?date=..."), or undefined when it is anything else. */
export function safeReturnPath(
  value: unknown,
  origin: string = globalThis.location?.origin ?? 'http://localhost',
): string | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined
  // Must start with exactly one slash, and hold no backslash or control character browsers ignore.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return undefined
  let url: URL
  try {
    url = new URL(value, origin)
  } catch {
    return undefined
  }
  if (url.origin !== new URL(origin).origin) return undefined
  if (NOT_RETURNS.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`))) return undefined
  return `${url.pathname}${url.search}${url.hash}`
}

export function rememberReturnPath(value: unknown): void {
  const path = safeReturnPath(value)
  if (!path) return
  try {
    sessionStorage.setItem(KEY, path)
  } catch {
    // Storage blocked: the member lands where they would have without it.
  }
}

/** The remembered path, forgotten as it is read. */
export function takeReturnPath(): string | undefined {
  try {
    const path = safeReturnPath(sessionStorage.getItem(KEY))
    sessionStorage.removeItem(KEY)
    return path
  } catch {
    return undefined
  }
}
