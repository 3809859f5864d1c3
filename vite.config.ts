/// <reference types="vitest/config" />

import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { manifest } from './src/features/pwa/manifest.ts'
import { parseClientEnv } from './src/lib/env-schema.ts'

/** "0.1.0+fb44bd0": the package version and the commit (or YAARI_BUILD_ID), shown in the footer. */
function appVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
  let build = process.env.YAARI_BUILD_ID
  try {
    build ??= execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim()
  } catch {
    build = 'local'
  }
  return `${version}+${build}`
}

export default defineConfig(({ mode }) => {
  // Fail the build, not the app, when the configuration is wrong.
  if (mode !== 'test') parseClientEnv(loadEnv(mode, process.cwd(), 'VITE_'))
  return {
    define: { __APP_VERSION__: JSON.stringify(appVersion()) },
    plugins: [
      // The router plugin must run before react(): it generates routeTree.gen.ts and splits routes.
      tanstackRouter({ target: 'react', autoCodeSplitting: true }),
      react(),
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        manifest,
        includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
        workbox: {
          // Precached at install, so everything a member needs at the venue opens offline: the
          // shell, every route chunk (info pages and the catalogue are code), the catalogue's
          // images. The icons come from includeAssets and the manifest, so nothing is listed twice.
          globPatterns: ['**/*.{js,css,html}', 'images/**/*.{svg,png,webp,jpg}'],
          navigateFallback: '/index.html',
          // Firebase Hosting's reserved URLs (/__/auth/..., /__/firebase/init.json) are never the app.
          navigateFallbackDenylist: [/^\/__\//],
          cleanupOutdatedCaches: true,
          // Anything else static from our origin (install screenshots, images added later) is
          // kept for a while and refreshed in the background. Scripts are not: a chunk missing
          // after a deploy must fail (and reload the app), not be cached as the HTML fallback.
          // Calls to Cloud Functions, Auth and the payment gateway match no route: never cached.
          runtimeCaching: [
            {
              urlPattern: ({ sameOrigin, request }) =>
                sameOrigin && (request.destination === 'image' || request.destination === 'font'),
              handler: 'StaleWhileRevalidate',
              options: {
                cacheName: 'yaari-static',
                expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
                cacheableResponse: { statuses: [200] },
              },
            },
          ],
        },
      }),
    ],
    resolve: {
      alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) },
    },
    server: { host: '127.0.0.1' },
    preview: { host: '127.0.0.1' },
    build: { target: 'es2022', sourcemap: true },
    test: {
      include: ['src/**/*.test.{ts,tsx}', 'functions/src/**/*.test.ts', 'dev/**/*.test.mjs'],
      environment: 'node',
      restoreMocks: true,
    },
  }
})
