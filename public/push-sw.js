/**
 * Web Push in the service worker: loaded into the worker vite-plugin-pwa generates
 * (vite.config.ts, workbox.importScripts), so it is plain JavaScript with no imports.
 *
 * A push shows what its payload says (a PushPayload: title, body, url, tag) and nothing else: the
 * server never puts a member's data in one. Open windows of the app are told, so a list on screen
 * refreshes. A tap on the notification opens its page in the app: in a window already open (the
 * app navigates itself, keeping its state) or a new one.
 */

/** Where a tap goes when the payload names no page of the app. */
const FALLBACK_URL = '/notifications'
/** How long an open window has to answer before the worker navigates it itself. */
const ANSWER_MS = 1000
/** The app's icon (precached with the app): the notification's picture and its status-bar badge. */
const ICON = '/icons/icon-192.png'

/** A path of this site ('/...'), or the fallback: a tap never leaves the app. */
function appPath(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) {
    return FALLBACK_URL
  }
  try {
    const parsed = new URL(url, self.location.origin)
    return parsed.origin === self.location.origin ? parsed.pathname + parsed.search + parsed.hash : FALLBACK_URL
  } catch {
    return FALLBACK_URL
  }
}

/** The payload's own fields, or null for one that is not a notification (no title). */
function readNotification(data) {
  let payload
  try {
    payload = data ? data.json() : null
  } catch {
    return null
  }
  if (!payload || typeof payload.title !== 'string' || !payload.title) return null
  return {
    title: payload.title,
    body: typeof payload.body === 'string' ? payload.body : '',
    tag: typeof payload.tag === 'string' && payload.tag ? payload.tag : undefined,
    // A time-critical notification (a seat offered, a change on the day) replacing one of its tag alerts again.
    renotify: payload.renotify === true,
    url: appPath(payload.url),
  }
}

function appWindows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true })
}

self.addEventListener('push', (event) => {
  const notification = readNotification(event.data)
  if (!notification) return
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(notification.title, {
        body: notification.body,
        tag: notification.tag,
        renotify: Boolean(notification.tag) && notification.renotify,
        data: { url: notification.url },
        icon: ICON,
        badge: ICON,
      }),
      appWindows().then((windows) => {
        for (const client of windows) client.postMessage({ type: 'yaari:notice' })
      }),
    ]),
  )
})

/** Asks an open window to show `url` itself; resolves whether it answered in time. */
function askToOpen(client, url) {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => {
      channel.port1.close()
      resolve(false)
    }, ANSWER_MS)
    channel.port1.onmessage = () => {
      clearTimeout(timer)
      channel.port1.close()
      resolve(true)
    }
    client.postMessage({ type: 'yaari:open', url }, [channel.port2])
  })
}

async function openApp(url) {
  const windows = await appWindows()
  const client = windows.find((each) => each.focused) || windows.find((each) => each.visibilityState === 'visible') || windows[0]
  if (!client) return self.clients.openWindow(url)
  try {
    await client.focus()
  } catch {
    // Focus is the browser's to give; the window is still told where to go.
  }
  if (await askToOpen(client, url)) return undefined
  // Not answering (another version of the app, busy, or not the app): load the page in it; a
  // window this worker does not control cannot be navigated, so the page opens in a new one.
  try {
    return await client.navigate(url)
  } catch {
    return self.clients.openWindow(url)
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data = event.notification.data
  event.waitUntil(openApp(appPath(data && data.url)))
})
