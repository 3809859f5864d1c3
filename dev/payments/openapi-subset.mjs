#!/usr/bin/env node
// @ts-check
/**
 * Writes cashfree-openapi.subset.json: the request schemas of Cashfree's PG API that the payment
 * stand-in validates against (create order, create refund, terminate order) and every schema they
 * refer to, copied from Cashfree's own OpenAPI document (version 2025-01-01) with descriptions
 * and examples left out. Run it again when moving to a newer API version:
 *   node dev/payments/openapi-subset.mjs <path to Cashfree's openapi.yaml>
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { parse } from 'yaml'

export const ROOTS = ['CreateOrderRequest', 'OrderCreateRefundRequest', 'TerminateOrderRequest']
const OUT = new URL('./cashfree-openapi.subset.json', import.meta.url)

const DOCUMENTATION = new Set(['description', 'example', 'examples'])

/**
 * The node without documentation-only keywords (a property that happens to be called
 * "description" is kept: names under `properties` are data, not keywords).
 * @param {unknown} node @param {boolean} [names] @returns {unknown}
 */
function strip(node, names = false) {
  if (Array.isArray(node)) return node.map((item) => strip(item))
  if (node === null || typeof node !== 'object') return node
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => names || !DOCUMENTATION.has(key))
      .map(([key, value]) => [key, strip(value, !names && key === 'properties')]),
  )
}

/** @param {unknown} node @returns {string[]} names of the component schemas it refers to */
function references(node) {
  if (Array.isArray(node)) return node.flatMap(references)
  if (node === null || typeof node !== 'object') return []
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
      ? [value.slice('#/components/schemas/'.length)]
      : references(value),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const source = process.argv[2]
  if (!source) {
    console.error('Usage: node dev/payments/openapi-subset.mjs <path to Cashfree openapi.yaml>')
    process.exit(2)
  }
  const document = parse(readFileSync(source, 'utf8'))
  /** @type {Record<string, unknown>} */
  const all = document.components.schemas
  /** @type {Record<string, unknown>} */
  const picked = {}
  const queue = [...ROOTS]
  while (queue.length) {
    const name = /** @type {string} */ (queue.shift())
    if (name in picked) continue
    if (!(name in all)) throw new Error(`${source} has no schema ${name}`)
    picked[name] = strip(all[name])
    queue.push(...references(all[name]))
  }
  const sorted = Object.fromEntries(Object.entries(picked).sort(([a], [b]) => a.localeCompare(b)))
  const subset = {
    info: { title: document.info.title, version: document.info.version, roots: ROOTS },
    components: { schemas: sorted },
  }
  writeFileSync(OUT, `${JSON.stringify(subset, null, 2)}\n`)
  console.log(`Wrote ${Object.keys(sorted).length} schemas to ${OUT.pathname}`)
}
