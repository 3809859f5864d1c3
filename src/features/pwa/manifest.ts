import type { ManifestOptions } from 'vite-plugin-pwa'

/** The web app manifest: what a phone shows when Yaari is added to the home screen. */
export const manifest: Partial<ManifestOptions> = {
  // The app's identity (its start page today), so a later change of start_url is the same app, not a second one.
  id: '/',
  name: 'Yaari',
  short_name: 'Yaari',
  description: 'Meet, mingle and make friends at small curated events in Bangalore.',
  lang: 'en-IN',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#e63203',
  background_color: '#ffffff',
  categories: ['social', 'lifestyle', 'events'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // A long press on the home-screen icon: straight to the ticket or the events.
  shortcuts: [
    { name: 'My bookings', short_name: 'Bookings', url: '/my-bookings', description: 'Your tickets, also offline' },
    { name: 'Events', url: '/events', description: 'Upcoming events in Bangalore' },
  ],
  // Shown in the richer install dialogs (Android, desktop Chromium).
  screenshots: [
    {
      src: '/screenshots/narrow-events.png',
      sizes: '540x1170',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Events in Bangalore',
    },
    {
      src: '/screenshots/wide-home.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Yaari home',
    },
  ],
}
