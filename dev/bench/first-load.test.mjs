// @ts-check
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { measurePrecache } from './first-load.mjs'

it("finds the staff-only chunks in the service worker's precache, by the sources of their maps", () => {
  const dist = mkdtempSync(join(tmpdir(), 'yaari-precache-'))
  mkdirSync(join(dist, 'assets'))
  /** @param {string} name @param {string[]} sources */
  const chunk = (name, sources) => {
    writeFileSync(join(dist, 'assets', name), `console.log(${JSON.stringify(name)})`)
    writeFileSync(join(dist, 'assets', `${name}.map`), JSON.stringify({ version: 3, sources, mappings: '' }))
  }
  chunk('index-a1.js', ['../../src/main.tsx'])
  // The console's Insights page itself stays precached (it draws nothing until Chart.js loads).
  chunk('insights-c3.js', ['../../src/features/host/insights/insights-page.tsx'])
  chunk('insight-chart-b2.js', [
    '../../node_modules/chart.js/dist/chart.js',
    '../../src/features/host/insights/insight-chart.tsx',
  ])
  writeFileSync(
    join(dist, 'sw.js'),
    'precacheAndRoute([{url:"assets/index-a1.js",revision:null},{url:"assets/insights-c3.js",revision:null},{url: "assets/insight-chart-b2.js",revision:null},{url:"index.html",revision:"x"}])',
  )
  const found = measurePrecache(dist)
  expect([found.scripts, found.staffOnly]).toEqual([3, ['assets/insight-chart-b2.js']])
  expect(found.gzipBytes).toBeGreaterThan(0)
})
