// Bundles the functions into lib/index.js so they can import the shared domain package (packages/domain, @yaari/domain): it is bundled in, never installed.
// firebase-functions, firebase-admin and sharp (native) stay external: Cloud Functions installs them
// from functions/package.json, and the emulator resolves them from node_modules.
import { build } from 'esbuild'
import { loadEnv } from 'vite'

// The site's 24/7 number, from the same configuration as the web app's build (VITE_SUPPORT_PHONE in
// .env, or .env.production.local for a real project, which that build checks): the mails say it.
const { VITE_SUPPORT_PHONE = '' } = loadEnv('production', new URL('..', import.meta.url).pathname, 'VITE_SUPPORT_PHONE')
/** "+91 98765 43210", as the web app shows it (src/lib/env-schema.ts), however it was written. */
const supportDigits = VITE_SUPPORT_PHONE.replace(/\D/g, '').slice(2)

// lib/index.js: the deployed functions. lib/ops/*.js: the team's commands (not deployed).
await build({
  entryPoints: {
    index: new URL('./src/index.ts', import.meta.url).pathname,
    'ops/share-venue': new URL('./src/ops/share-venue.ts', import.meta.url).pathname,
    'ops/cancel-date': new URL('./src/ops/cancel-date.ts', import.meta.url).pathname,
    'ops/pass-key': new URL('./src/ops/pass-key.ts', import.meta.url).pathname,
    'ops/grant-role': new URL('./src/ops/grant-role.ts', import.meta.url).pathname,
    'ops/alerts': new URL('./src/ops/alerts.ts', import.meta.url).pathname,
    'ops/catalogue': new URL('./src/ops/catalogue.ts', import.meta.url).pathname,
    'ops/roll-insights': new URL('./src/ops/roll-insights.ts', import.meta.url).pathname,
    'ops/forget-invented-answers': new URL('./src/ops/forget-invented-answers.ts', import.meta.url).pathname,
  },
  outdir: new URL('./lib', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  // The pages' server render is the site build's (vite.config.ts writes lib/pages/): loaded at run time.
  external: [
    'firebase-functions',
    'firebase-functions/*',
    'firebase-admin',
    'firebase-admin/*',
    'sharp',
    './pages/render.mjs',
  ],
  logLevel: 'warning',
  define: supportDigits
    ? { __SUPPORT_PHONE__: JSON.stringify(`+91 ${supportDigits.slice(0, 5)} ${supportDigits.slice(5)}`) }
    : {},
})
