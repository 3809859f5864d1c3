// @ts-check
/**
 * The lint rules that keep the floors (biome.json) fire: each fixture below breaks one, in a copy
 * of the repo's Biome configuration in a temporary folder, and Biome must report that rule there.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from '../lib/config.mjs'

/** @type {Record<string, string>} path -> contents: each rule broken once, and one file that keeps them. */
const FIXTURES = {
  // An import cycle (app code).
  'src/lib/ping.ts': "import { pong } from './pong'\nexport const ping = () => pong()\n",
  'src/lib/pong.ts':
    "import { ping } from './ping'\nexport const pong = (): number => (Math.random() > 2 ? ping() : 1)\n",
  // lib importing a service (upward).
  'functions/src/lib/upward.ts':
    "import { offer } from '../services/waitlist/offers'\nexport const upward = () => offer()\n",
  'functions/src/services/waitlist/offers.ts': 'export const offer = () => 1\n',
  // The lowest service calling up into the waitlist.
  'functions/src/services/seats.ts': "import { offer } from './waitlist/offers'\nexport const free = () => offer()\n",
  // The groups calling up into the bookings it sits below.
  'functions/src/services/groups/plans.ts':
    "import { create } from '../bookings/create'\nexport const plan = () => create()\n",
  // A service importing a handler.
  'functions/src/services/bookings/create.ts':
    "import { table } from '../../handlers/callables'\nexport const create = () => table\n",
  'functions/src/handlers/callables.ts': 'export const table = 1\n',
  // A service calling up into the insights that read it.
  'functions/src/services/host/dates.ts':
    "import { rollDates } from '../insights/rollups'\nexport const dates = () => rollDates\n",
  'functions/src/services/insights/rollups.ts': 'export const rollDates = 1\n',
  // Framework and DOM in the domain.
  'packages/domain/src/impure.ts':
    "import { useState } from 'react'\nexport const impure = () => [useState, localStorage.getItem('x')]\n",
  // Allowed: a handler calling a service, a service calling lib.
  'functions/src/handlers/ok.ts':
    "import { create } from '../services/bookings/create'\nexport const ok = () => create()\n",
}

let dir = ''
/** @type {string} */
let output = ''

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'yaari-lint-'))
  const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'))
  delete config.$schema
  config.vcs = { enabled: false }
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config))
  for (const [path, contents] of Object.entries(FIXTURES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), contents)
  }
  const biome = spawnSync(join(ROOT, 'node_modules', '.bin', 'biome'), ['lint', '--max-diagnostics=200', '.'], {
    cwd: dir,
    encoding: 'utf8',
  })
  output = `${biome.stdout}\n${biome.stderr}`
}, 60_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The rules Biome reported for one fixture file. @param {string} path */
function rulesAt(path) {
  const found = new Set()
  const pattern = new RegExp(`^${path.replaceAll('/', '[/\\\\]').replaceAll('.', '\\.')}:\\d+:\\d+ (lint/\\S+)`, 'gm')
  for (const match of output.matchAll(pattern)) found.add(match[1])
  return [...found]
}

describe('the floors, as npm run lint enforces them', () => {
  it('an import cycle fails', () => {
    expect(rulesAt('src/lib/ping.ts')).toContain('lint/suspicious/noImportCycles')
  })

  it('an upward import in the functions fails: lib -> services, seats -> waitlist, groups -> bookings, a service -> a handler or the insights', () => {
    for (const path of [
      'functions/src/lib/upward.ts',
      'functions/src/services/seats.ts',
      'functions/src/services/groups/plans.ts',
      'functions/src/services/bookings/create.ts',
      'functions/src/services/host/dates.ts',
    ])
      expect(rulesAt(path), path).toContain('lint/style/noRestrictedImports')
  })

  it('a framework import or a DOM global in the domain fails', () => {
    expect(rulesAt('packages/domain/src/impure.ts')).toEqual(
      expect.arrayContaining(['lint/style/noRestrictedImports', 'lint/style/noRestrictedGlobals']),
    )
  })

  it('a downward import passes', () => {
    expect(rulesAt('functions/src/handlers/ok.ts')).toEqual([])
  })
})
