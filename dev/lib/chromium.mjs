// @ts-check
/**
 * Debian's Chromium, as every browser-driving tool here launches it. Playwright cannot
 * download its own browsers on our machines; without the background-networking flags
 * Chromium keeps trying to reach Google's hosts through the closed network.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
