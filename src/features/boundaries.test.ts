/**
 * The rule that keeps features apart (biome.json, noRestrictedImports): a feature imports ui, lib
 * and domain, and nothing of another feature or of a route. Checked by linting a file written
 * into a feature folder, as `npm run lint` would see it.
 */
import { spawnSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')
const probe = join(import.meta.dirname, 'events', `boundary-probe-${process.pid}.ts`)

function lint(source: string) {
  writeFileSync(probe, source)
  const result = spawnSync(join(ROOT, 'node_modules', '.bin', 'biome'), ['lint', probe], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  return { failed: result.status !== 0, output: `${result.stdout}${result.stderr}` }
}

afterEach(() => rmSync(probe, { force: true }))

// Biome scans the project's import graph (for its cycle rule) on every run: a few seconds each.
describe('feature boundaries', { timeout: 30_000 }, () => {
  it.each([
    ["import { signInWithEmail } from '../account/auth-actions'", 'another feature'],
    ["import BookingDialogs from '../booking/booking-dialogs'", 'another feature'],
    ["import { Route } from '../../routes/__root'", 'a route'],
    ["import { HomePage } from '../../features/home/home-page'", 'another feature, by the long way'],
  ])('refuses %s (%s)', (line) => {
    const { failed, output } = lint(`${line}\nexport const used = [${line.match(/import \{? ?(\w+)/)?.[1]}]\n`)
    expect(failed).toBe(true)
    expect(output).toContain('A feature imports ui, lib and domain, never another feature')
  })

  it('allows ui, lib, domain and its own files', () => {
    const { failed, output } = lint(
      [
        "import { formatInr } from '@yaari/domain/money'",
        "import { useNow } from '../../lib/clock'",
        "import { Button } from '../../ui/button'",
        "import { EventCard } from './event-card'",
        'export const used = [formatInr, useNow, Button, EventCard]',
        '',
      ].join('\n'),
    )
    expect(output).not.toContain('noRestrictedImports')
    expect(failed).toBe(false)
  })
})
