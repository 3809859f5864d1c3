/**
 * The rule that keeps features apart (biome.json, noRestrictedImports): a feature imports ui, lib
 * and domain, and nothing of another feature or of a route. Checked by linting files written into
 * a feature folder, as `npm run lint` would see them, in one Biome run (each run scans the
 * project's import graph for the cycle rule: a few seconds).
 */
import { spawnSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')
const probe = (name: string) => join(import.meta.dirname, 'events', `boundary-probe-${process.pid}-${name}.ts`)

const REFUSED = [
  ["import { signInWithEmail } from '../account/auth-actions'", 'another feature'],
  ["import BookingDialogs from '../booking/booking-dialogs'", 'another feature'],
  ["import { Route } from '../../routes/__root'", 'a route'],
  ["import { HomePage } from '../../features/home/home-page'", 'another feature, by the long way'],
] as const
const ALLOWED = [
  "import { formatInr } from '@yaari/domain/money'",
  "import { useNow } from '../../lib/clock'",
  "import { Button } from '../../ui/button'",
  "import { EventCard } from './event-card'",
  'export const used = [formatInr, useNow, Button, EventCard]',
  '',
].join('\n')

const probes = new Map<string, string>([
  ...REFUSED.map(([line], i): [string, string] => [
    probe(`refused${i}`),
    `${line}\nexport const used = [${line.match(/import \{? ?(\w+)/)?.[1]}]\n`,
  ]),
  [probe('allowed'), ALLOWED],
])
let output = ''

beforeAll(() => {
  for (const [path, source] of probes) writeFileSync(path, source)
  const result = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'biome'),
    ['lint', '--max-diagnostics=100', ...probes.keys()],
    { cwd: ROOT, encoding: 'utf8' },
  )
  output = `${result.stdout}${result.stderr}`
}, 60_000)

afterAll(() => {
  for (const path of probes.keys()) rmSync(path, { force: true })
})

/** Biome's diagnostics for one probe: from its header line to the next file's. */
function diagnosticsOf(path: string): string {
  const name = relative(ROOT, path)
  return output
    .split(/\n(?=\S+:\d+:\d+ )/)
    .filter((block) => block.startsWith(name))
    .join('\n')
}

describe('feature boundaries', () => {
  it.each(REFUSED.map(([line, what], i) => [line, what, i] as const))('refuses %s (%s)', (_line, _what, i) => {
    expect(diagnosticsOf(probe(`refused${i}`))).toContain('A feature imports ui, lib and domain, never another feature')
  })

  it('allows ui, lib, domain and its own files', () => {
    expect(output).toContain('Checked 5 files')
    expect(diagnosticsOf(probe('allowed'))).toBe('')
  })
})
