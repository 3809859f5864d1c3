import { expect, it } from 'vitest'
import { barChart, benchReportHtml } from './report.mjs'

it('draws a bar per row with its value and budget, marks a miss, and escapes labels', () => {
  const svg = barChart({
    title: 'First-load JS',
    unit: 'KB',
    rows: [
      { label: '/', value: 123.3, budget: 130 },
      { label: '<auth>', value: 210, budget: 200 },
    ],
  })
  expect(svg).toContain('123.3 KB')
  expect(svg).toContain('&lt;auth&gt;')
  expect(svg).not.toContain('<auth>')
  expect(svg.match(/<rect /g)).toHaveLength(2)
  expect(svg.match(/<rect [^>]*fill="#c62828"/g)).toHaveLength(1) // only the row over budget
  expect(svg.match(/over budget/g)).toHaveLength(1)
  expect(svg).toMatch(/210 KB over budget/)
  expect(svg).not.toMatch(/123\.3 KB over budget/)
  expect(svg.match(/stroke-dasharray/g)).toHaveLength(2)
})

it('says whether every budget holds', () => {
  expect(benchReportHtml({ generatedAt: 'now', charts: [], misses: [] })).toContain('Every budget holds.')
  const missed = benchReportHtml({ generatedAt: 'now', charts: [], misses: ['contention: 11 holds for 10 seats'] })
  expect(missed).toContain('Budgets missed:')
  expect(missed).toContain('contention: 11 holds for 10 seats')
})
