import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './dev/lib/chromium.mjs'

const baseURL = process.env.BASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4173}`

/**
 * End-to-end tests in Debian's Chromium (Playwright's own browser download cannot work on
 * our machines) against the production build with its service worker.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/test-results',
  fullyParallel: true,
  workers: 2,
  // A test that needs a second try to pass has a bug to find (in the product or the test): none is retried.
  retries: 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { outputFolder: '.tmp/playwright-report', open: 'never' }]],
  use: {
    baseURL,
    // A fresh context per test would install the service worker and precache the whole app each
    // time; the tests about it (offline, updates, an offline profile) opt in with
    // `test.use(WITH_SERVICE_WORKER)` from support.ts.
    serviceWorkers: 'block',
    // A failing test keeps its trace (actions, network, console) and a screenshot of how it ended,
    // and its error context has the page's accessibility snapshot. DOM snapshots and a screencast
    // of every action, recorded for every passing test too, made this CPU-bound run ~15% slower.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // With RenderDocument (a new renderer document per navigation, on in Debian's Chromium
      // 150.0.7871.100) the offline emulation of context.setOffline() no longer reaches
      // navigator.onLine after a reload or navigation: requests still fail, but the new page reads
      // onLine = true, unlike a phone without a connection. Turning it off keeps the emulation whole.
      args: [...CHROMIUM_ARGS, '--disable-features=RenderDocument'],
    },
  },
  // Every test runs on a phone (the app is mobile-first; its flows do not change with the width:
  // the layout is CSS only). What depends on the width (page structure and accessibility, overflow,
  // the header, focus rings) is tagged LAYOUT and also runs on a desktop screen.
  projects: [
    { name: 'mobile', use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, hasTouch: true } },
    {
      name: 'desktop',
      grep: /@layout/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  // `npm test` starts the stack once for all suites; alone, `npm run test:e2e` starts it here.
  webServer: process.env.YAARI_STACK_RUNNING
    ? undefined
    : {
        command: 'node dev/stack.mjs --quiet',
        url: baseURL,
        reuseExistingServer: true,
        timeout: 120_000,
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      },
})
