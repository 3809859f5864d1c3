/// <reference types="vitest/config" />

import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import type { PagesRender } from '@yaari/domain/page-catalogue'
import { NOINDEX, SOCIAL_IMAGE_SIZE } from '@yaari/domain/page-head'
import { SITE_SOCIAL_IMAGE, sitePicturePreview } from '@yaari/domain/structured-data'
import { build, defineConfig, loadEnv, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { hoverOnlyWhereHovering } from './dev/build/hover-media.ts'
import { pandaStaticClasses } from './dev/build/panda-static-classes.ts'
import { recipeVariantsInCss } from './dev/build/recipe-variants.ts'
import { MEMBER_ROUTE_TREE } from './dev/build/route-trees.mjs'
import { manifest } from './src/features/pwa/manifest.ts'
import { parseClientEnv } from './src/lib/env-schema.ts'
import { robotsTxt } from './src/prerender/crawlers.ts'
import {
  APP_SHELL,
  hostingAnswer,
  hostingHeaders,
  previewHeaders,
  projectContentSecurityPolicy,
  readHostingHeaderRules,
  readHostingRewrites,
} from './src/prerender/hosting.ts'
import { theme } from './src/ui/theme.ts'

/**
 * Where the build writes the pages' server render: for the site's build (dist/), beside the
 * functions, which deploy it (publicPages); a build elsewhere (the update test's second version)
 * keeps its own beside its output.
 */
const pagesDirFor = (outDir: string) =>
  outDir === fileURLToPath(new URL('./dist', import.meta.url))
    ? fileURLToPath(new URL('./functions/lib/pages', import.meta.url))
    : `${outDir}-pages`

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

const alias = {
  'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)),
  // The app and its tests read the domain's TypeScript itself (Node-side tools read its dist/).
  '@yaari/domain': fileURLToPath(new URL('./packages/domain/src', import.meta.url)),
  // The router's store reads React's own useSyncExternalStore (React 18+), not the copy of it
  // that the shim carries for React 16 and 17.
  'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
}

/**
 * The pages' server render, built once per build as one self-contained bundle (no package is
 * looked up when it runs) into functions/lib/pages/, where the publicPages function loads it to
 * write the pages that show the catalogue when they are asked for (decision 0020). The build uses
 * it too, after the client build and before the service worker is generated: the information
 * pages and 404.html (nothing in them changes after the build) as HTML, precached by the worker;
 * the empty shell as app.html for the members' pages. A visitor sees a page as soon as its HTML
 * and CSS arrive; the app then hydrates it.
 */
function prerenderPages(define: Record<string, string>): Plugin {
  let outDir = ''
  let mode = 'production'
  return {
    name: 'yaari:prerender',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      mode = config.mode
    },
    async writeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        mode,
        define,
        resolve: { alias },
        plugins: [react(), serviceWorkerRegistrationStub],
        // Every package is bundled (the function installs none of the app's), the router's with the
        // 'development' condition: in their Node build `isServer` is hard-wired to true, in this one
        // the router takes it from its options (false, see render-page.tsx) and renders exactly the
        // browser's tree.
        ssr: {
          noExternal: true,
          resolve: { conditions: ['development', 'import', 'module', 'node', 'default'] },
        },
        build: {
          ssr: fileURLToPath(new URL('./src/prerender/entry.tsx', import.meta.url)),
          outDir: pagesDirFor(outDir),
          emptyOutDir: true,
          copyPublicDir: false,
          rolldownOptions: { output: { entryFileNames: 'render.mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' } },
        },
      })
      // (a fresh URL each build: Node caches modules by URL)
      const entry: PagesRender = await import(
        `${pathToFileURL(join(pagesDirFor(outDir), 'render.mjs')).href}?${Date.now()}`
      )
      // The shell is the built index.html; no page is written at "/", which Hosting sends to the function.
      const template = readFileSync(join(outDir, 'index.html'), 'utf8')
      // The function writes its pages on this build's shell, so they name the scripts this build made.
      writeFileSync(join(pagesDirFor(outDir), APP_SHELL), template)
      // And it keeps those scripts and styles: while a deploy has released the functions but not yet
      // Hosting (or the other way round), a page names files Hosting does not have, and the function
      // answers them (Hosting rewrites a missing file to it). So an address under /assets/ never
      // answers 404 for a file of either release, and Hosting may let browsers keep them for a year.
      const assets = join(pagesDirFor(outDir), 'assets')
      mkdirSync(assets, { recursive: true })
      for (const name of readdirSync(join(outDir, 'assets')).filter((file) => /\.(js|css)$/.test(file)))
        writeFileSync(join(assets, name), readFileSync(join(outDir, 'assets', name)))
      // The shell serves members' pages and nothing a search engine should list.
      writeFileSync(
        join(outDir, APP_SHELL),
        template.replace('</head>', () => `  ${NOINDEX}\n  </head>`),
      )
      rmSync(join(outDir, 'index.html'))
      const now = Date.now()
      const siteUrl = parseClientEnv(loadEnv(mode, process.cwd(), 'VITE_')).VITE_SITE_URL
      for (const path of [...entry.PRERENDERED_PATHS, entry.NOT_FOUND_PATH]) {
        const page = await entry.renderInformationPage(template, path, siteUrl, now)
        const file = join(outDir, page.file)
        mkdirSync(dirname(file), { recursive: true })
        writeFileSync(file, page.html)
      }
      await writeSocialImages(outDir)
      writeFileSync(join(outDir, 'robots.txt'), robotsTxt(siteUrl))
    },
  }
}

/**
 * Link previews need raster pictures of 1200 x 630: one of each picture the site carries for an
 * event (images/events/), which any event may use as its cover, and the site's own.
 */
async function writeSocialImages(outDir: string) {
  const { default: sharp } = await import('sharp')
  const size = { ...SOCIAL_IMAGE_SIZE, fit: 'cover' as const }
  const pictures = join(outDir, 'images', 'events')
  for (const name of readdirSync(pictures)) {
    const preview = join(outDir, sitePicturePreview(`/images/events/${name}`))
    mkdirSync(dirname(preview), { recursive: true })
    await sharp(join(pictures, name)).resize(size).png().toFile(preview)
  }
  await sharp(join(outDir, 'screenshots', 'wide-home.png'))
    .resize(size)
    .png()
    .toFile(join(outDir, SITE_SOCIAL_IMAGE))
}

/**
 * `vite preview` answers like Firebase Hosting does with firebase.json (src/prerender/hosting.ts):
 * a built file as itself ("/about" gets about.html: cleanUrls), else the first rewrite that
 * matches: a function (the Functions emulator's, as the local stack runs it) or the app shell;
 * else 404.html with a 404. Every answer carries firebase.json's headers (its CSP with the local
 * stack's servers allowed as well).
 */
function hostingRoutes(env: Record<string, string>): Plugin {
  const functionsOrigin = `http://${env.VITE_FIREBASE_EMULATOR_HOST || '127.0.0.1'}:${env.VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT || '5001'}`
  return {
    name: 'yaari:hosting-routes',
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir)
      const rules = readHostingHeaderRules(resolve(server.config.root, 'firebase.json'))
      const rewrites = readHostingRewrites(resolve(server.config.root, 'firebase.json'))
      server.middlewares.use((req, res, next) => {
        const [pathname = '/', query] = (req.url ?? '/').split('?')
        if (req.method !== 'GET' && req.method !== 'HEAD') return next()
        const answer = hostingAnswer(pathname, rewrites, (file) => existsSync(join(outDir, file)))
        const headers = previewHeaders(pathname, rules)
        if ('functionId' in answer) {
          const region = env.VITE_FUNCTIONS_REGION || 'asia-south1'
          const url = `${functionsOrigin}/${env.VITE_FIREBASE_PROJECT_ID}/${region}/${answer.functionId}${pathname}${query === undefined ? '' : `?${query}`}`
          // fetch asks for gzip itself: an asker that says nothing of encodings gets the bytes as they are.
          const forwarded: Record<string, string> = { 'accept-encoding': 'identity' }
          for (const name of ['if-none-match', 'accept', 'accept-encoding', 'user-agent']) {
            const value = req.headers[name]
            if (typeof value === 'string') forwarded[name] = value
          }
          fetch(url, { method: req.method, headers: forwarded, redirect: 'manual' }).then(
            async (response) => {
              res.statusCode = response.status
              for (const [key, value] of response.headers) {
                if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(key))
                  res.setHeader(key, value)
              }
              // Hosting's headers apply to a function's answer too, over the function's own.
              for (const [key, value] of Object.entries(headers)) res.setHeader(key, value)
              // fetch hands over the body decoded: it goes on encoded as the function sent it.
              const body = Buffer.from(await response.arrayBuffer())
              const encoding = response.headers.get('content-encoding')
              if (encoding) res.setHeader('content-encoding', encoding)
              res.end(encoding === 'br' ? brotliCompressSync(body) : encoding === 'gzip' ? gzipSync(body) : body)
            },
            () => {
              res.statusCode = 502
              res.end('The Functions emulator did not answer.')
            },
          )
          return
        }
        for (const [key, value] of Object.entries(headers)) res.setHeader(key, value)
        if (answer.status === 404) {
          res.statusCode = 404
          res.setHeader('content-type', 'text/html; charset=utf-8')
          res.end(readFileSync(join(outDir, answer.file)))
          return
        }
        req.url = query === undefined ? answer.file : `${answer.file}?${query}`
        next()
      })
    },
  }
}

/**
 * Every page's <meta> Content-Security-Policy, naming this build's own project (firebase.json's
 * header can only name Cloud Functions and Storage by wildcard): src/prerender/hosting.ts.
 */
function projectPolicy(env: Record<string, string>): Plugin {
  const page = hostingHeaders('/', readHostingHeaderRules())['content-security-policy'] ?? ''
  const policy = projectContentSecurityPolicy(page, {
    projectId: env.VITE_FIREBASE_PROJECT_ID ?? '',
    functionsRegion: env.VITE_FUNCTIONS_REGION || 'asia-south1',
    ...(env.VITE_FIREBASE_STORAGE_BUCKET ? { storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET } : {}),
    ...(env.VITE_FIREBASE_EMULATOR_HOST ? { emulatorHost: env.VITE_FIREBASE_EMULATOR_HOST } : {}),
  })
  return {
    name: 'yaari:project-csp',
    apply: 'build',
    transformIndexHtml: (html) =>
      html.replace(
        /<meta charset="UTF-8" \/>/,
        (charset) => `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`,
      ),
  }
}

/**
 * The day this build was made, in the shell every page is written on: the sitemap's day for the
 * information pages (their content changes only with a deploy).
 */
const buildDay: Plugin = {
  name: 'yaari:build-day',
  apply: 'build',
  transformIndexHtml: (html) =>
    html.replace(
      '</head>',
      () => `  <meta name="yaari:built" content="${new Date().toISOString().slice(0, 10)}" />\n  </head>`,
    ),
}

/** In the prerender the service worker is never registered: the page renders without a prompt. */
const serviceWorkerRegistrationStub: Plugin = {
  name: 'yaari:prerender-sw-stub',
  resolveId: (id) => (id === 'virtual:pwa-register/react' ? '\0pwa-register-stub' : undefined),
  load: (id) =>
    id === '\0pwa-register-stub'
      ? 'const noop = () => {}; export function useRegisterSW() { return { needRefresh: [false, noop], offlineReady: [false, noop], updateServiceWorker: async () => {} } }'
      : undefined,
}

/**
 * The file of the member pages' route tree (the `shell` chunk), known once the bundle is complete:
 * its name is its hash. Vite writes the preload lists after this hook (resolveDependencies below).
 */
let memberRouteTreeFile: string | undefined
const findMemberRouteTree: Plugin = {
  name: 'yaari:member-route-tree-file',
  apply: 'build',
  generateBundle(_, bundle) {
    memberRouteTreeFile = Object.values(bundle).find(
      (chunk) => chunk.type === 'chunk' && chunk.name === 'shell',
    )?.fileName
  },
}

/**
 * The tab's icon written into the page as a data: address (353 bytes): as a file, it is a request
 * the browser makes as the page finishes loading, on the same slow signal the first paint waits on
 * (Lighthouse's LCP of / measured 985 ms with it fetched, 760-830 ms written in). The touch icon
 * stays a file, for the crawlers that show a site's icon.
 */
function inlineFavicon(): Plugin {
  const link = 'rel="icon" href="/favicon.svg"'
  return {
    name: 'yaari:inline-favicon',
    transformIndexHtml(html) {
      if (!html.includes(link)) throw new Error(`index.html has no <link ${link}> to write in`)
      const svg = readFileSync(fileURLToPath(new URL('./public/favicon.svg', import.meta.url)), 'utf8').trim()
      return html.replace(link, () => `rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}"`)
    },
  }
}

export default defineConfig(({ mode }) => {
  // Fail the build, not the app, when the configuration is wrong.
  const define: Record<string, string> = { __APP_VERSION__: JSON.stringify(appVersion()) }
  if (mode !== 'test') {
    const env = parseClientEnv(loadEnv(mode, process.cwd(), 'VITE_'))
    // A real project requires a confirmed email unless VITE_REQUIRE_EMAIL_VERIFICATION=false says
    // otherwise on purpose (the functions default the same way; preflight holds both to it).
    process.env.VITE_REQUIRE_EMAIL_VERIFICATION = env.VITE_REQUIRE_EMAIL_VERIFICATION
    // The 24/7 number in every page and the server render (the functions' build sets it the same way).
    define.__SUPPORT_PHONE__ = JSON.stringify(env.VITE_SUPPORT_PHONE)
  }
  return {
    define,
    plugins: [
      // The router plugin must run before react(): it generates routeTree.gen.ts (every route: the
      // staff's router and the types) and splits routes.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // A route's loader travels with its page (the member routes' read the device), so the
        // route tree every page loads carries neither.
        codeSplittingOptions: {
          defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
        },
      }),
      // The member pages' route tree: every route but the console's (src/routes/host), which only the
      // staff's router (src/staff-router.ts) carries, so a console route costs the members nothing.
      tanstackRouterGenerator(MEMBER_ROUTE_TREE),
      react(),
      buildDay,
      ...(mode === 'test' ? [] : [projectPolicy(loadEnv(mode, process.cwd(), 'VITE_'))]),
      inlineFavicon(),
      pandaStaticClasses(fileURLToPath(new URL('./styled-system', import.meta.url))),
      recipeVariantsInCss(theme.extend),
      hoverOnlyWhereHovering(),
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
          // Link-preview images are for other sites' crawlers, never shown in the app; the not-found
          // page is Hosting's answer to an address of nothing (offline, the app shell says it). The
          // console's Insights charts (Chart.js, ~60 KB gzip) are for staff online, never a member's
          // phone: their chunk loads over the network with the page (`npm run bench` fails when a
          // staff-only chunk is precached).
          globIgnores: ['images/og/**', '404.html', 'assets/insight-chart-*.js'],
          // The home page and the listing are written by the publicPages function (decision 0020): the
          // worker keeps the copy it fetches as it installs (each deploy's worker fetches them again),
          // so they open at once offline and on a hanging connection; the app then installs the
          // newest catalogue over what they show, and public/pages-sw.js fetches them again behind
          // each visit, so the next one shows what was published since.
          additionalManifestEntries: ['/', '/events'].map((url) => ({ url, revision: define.__APP_VERSION__ })),
          // Web Push (showing a push, opening its page on a tap) and the catalogue's pages kept fresh
          // behind each visit are plain code of ours in public/, which the generated worker loads with
          // importScripts() before its own listeners; globPatterns precaches them with the app, and
          // the browser checks them for changes with the worker itself.
          importScripts: ['push-sw.js', 'pages-sw.js'],
          navigateFallback: `/${APP_SHELL}`,
          // Firebase Hosting's reserved URLs (/__/auth/..., /__/firebase/init.json) are never the app.
          navigateFallbackDenylist: [/^\/__\//],
          cleanupOutdatedCaches: true,
          // Anything else static from our origin (install screenshots, images added later) is
          // kept for a while and refreshed in the background. Scripts are not: a chunk missing
          // after a deploy must fail (and reload the app), not be cached as the HTML fallback.
          // Calls to Cloud Functions, Auth and the payment gateway match no route: never cached.
          runtimeCaching: [
            {
              // The published catalogue: the newest when the network answers within 3 s, else the
              // copy of the last visit, so the listing, event pages and tickets open offline.
              urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname === '/catalogue.json',
              handler: 'NetworkFirst',
              options: {
                cacheName: 'yaari-catalogue',
                networkTimeoutSeconds: 3,
                expiration: { maxEntries: 1, purgeOnQuotaError: true },
                cacheableResponse: { statuses: [200] },
              },
            },
            {
              // Covers uploaded through the editor (the photo store or Cloud Storage): a new upload is
              // a new address, so a cached one never changes.
              urlPattern: ({ request, url }) =>
                request.destination === 'image' && /\/event-covers(\/|%2F)/.test(url.pathname),
              handler: 'CacheFirst',
              options: {
                cacheName: 'yaari-covers',
                expiration: { maxEntries: 60, maxAgeSeconds: 90 * 24 * 60 * 60, purgeOnQuotaError: true },
                cacheableResponse: { statuses: [0, 200] },
              },
            },
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
            {
              // The door's QR decoder (ZXing in WebAssembly, ~460 KB gzip): only host phones fetch it,
              // when they ready a door, so it is cached then rather than precached on every member's phone.
              urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.endsWith('.wasm'),
              handler: 'CacheFirst',
              options: {
                cacheName: 'yaari-door-scanner',
                expiration: { maxEntries: 2, purgeOnQuotaError: true },
                cacheableResponse: { statuses: [200] },
              },
            },
          ],
        },
      }),
      // Before VitePWA's closeBundle generates the worker: the pages are precached with the rest.
      prerenderPages(define),
      findMemberRouteTree,
      hostingRoutes(loadEnv(mode, process.cwd(), 'VITE_')),
    ],
    resolve: { alias },
    server: { host: '127.0.0.1' },
    preview: { host: '127.0.0.1' },
    build: {
      target: 'es2022',
      sourcemap: true,
      rolldownOptions: {
        // Panda's generated modules (styled-system/) only define functions: one that no module of a
        // chunk calls is left out of it, even though the recipes and patterns indexes re-export it.
        treeshake: { moduleSideEffects: (id) => !/[\\/]styled-system[\\/]/.test(id) },
        output: {
          // Seven characters of content hash (the fewest Rolldown allows for this many chunks), and every
          // page's code lists its chunks' names: one fewer than the default eight on each.
          //
          // A chunk that several pages share is named by its hash alone: every page lists the chunks
          // its routes need (the preload lists in the route tree), and a name adds bytes to each entry
          // there and to each import of it. A route's own chunk keeps its route's name.
          chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash:7].js' : 'assets/[hash:7].js'),
          entryFileNames: 'assets/[name]-[hash:7].js',
          // Every page starts with these: a few chunks of them rather than dozens of small
          // ones (each compresses on its own: ~9 KB more on a first visit). Route code stays
          // split per route; Firebase, Dexie and Ark UI stay out of these groups.
          codeSplitting: {
            groups: [
              { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
              { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/ },
              // Ark UI's and zag's small shared helpers, one chunk rather than a dozen (each chunk's name
              // is in the list every page loads): only pages that use Ark UI load it.
              {
                name: 'ark-core',
                test: /node_modules[\\/](@zag-js[\\/](core|utils)|@ark-ui[\\/]react[\\/]dist[\\/]utils)[\\/]/,
              },
              // The member pages' route definitions (their pages stay split) with their tree and the
              // layout. The console's definitions and the tree of every route stay with the staff's
              // router, which only a console address loads (src/main.tsx).
              {
                name: 'shell',
                test: /[\\/]src[\\/](routes[\\/](?!host[\\/.]).*\.tsx|memberRouteTree\.gen\.ts|router\.ts)$/,
              },
              {
                name: 'app',
                test: /[\\/](domain[\\/]src[\\/](catalogue|categories|time-labels|money|site|event-listing)|src[\\/]lib[\\/](clock|hydration|page-meta|paths|log|use-idle)|src[\\/]ui[\\/](button|cover-image|toast))\.tsx?$/,
              },
            ],
          },
        },
      },
      modulePreload: {
        // No polyfill: browsers preload modules themselves (Chrome 66+, Safari 17+, Firefox 115+);
        // one without (Safari 16) still loads every module, each when it is imported.
        polyfill: false,
        // The entry's own dynamic imports (React's DOM renderer, the router: see src/main.tsx)
        // get no preload links: each chunk already imports all it needs directly, and adding
        // dozens of <link> elements costs the phone more main-thread time than it saves.
        // The error reporter loads when an error happens: nothing to win by preloading its imports.
        // The member pages' route tree and layout list no chunks to preload with a route's code (or
        // the layout's own late parts): every page loads the tree, and the lists of all its routes
        // cost each page ~1.5 KB, more than any route of theirs needs. A route's code loads its own imports as it arrives (one or two round trips
        // more on a first visit; none once the service worker holds the app), and a link's route
        // code starts loading when a finger or pointer is on it.
        resolveDependencies: (file, deps, { hostId, hostType }) =>
          hostType === 'js' &&
          (/^assets\/index-[\w-]+\.js$/.test(hostId) ||
            hostId === memberRouteTreeFile ||
            /^assets\/report-[\w-]+\.js$/.test(file))
            ? []
            : deps,
      },
    },
    test: {
      environment: 'node',
      // Worker threads start faster than child processes (forks, the default) on this 2-core machine.
      pool: 'threads',
      // A worker per core: Vitest's default leaves one core out (one worker on 2 cores: 73 s where two take 48 s).
      maxWorkers: '100%',
      restoreMocks: true,
      setupFiles: ['tests/unit-setup.ts'],
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: [
              'src/**/*.test.{ts,tsx}',
              'packages/*/src/**/*.test.ts',
              'functions/src/**/*.test.ts',
              'dev/**/*.test.{mjs,ts}',
            ],
            exclude: ['**/node_modules/**', '**/*.los-angeles.test.tsx'],
          },
        },
        {
          // A phone set to Los Angeles time: the zone is a process's (Node applies TZ on a process's
          // main thread only), so these files run in child processes of their own, in that zone.
          extends: true,
          test: {
            name: 'phone in Los Angeles',
            include: ['src/**/*.los-angeles.test.tsx'],
            pool: 'forks',
            env: { TZ: 'America/Los_Angeles' },
          },
        },
      ],
    },
  }
})
