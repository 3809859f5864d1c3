// @ts-check
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CODE, copies, overBudget } from './repetition.mjs'

const made = mkdtempSync(join(tmpdir(), 'yaari-repetition-'))
afterAll(() => rmSync(made, { recursive: true, force: true }))

/** The same eight-line retry loop, written twice (the delivery queues' kind of copy). */
const RETRY = (/** @type {string} */ name) => `
export async function ${name}(send: () => Promise<void>, delays: number[], log: (line: string) => void) {
  for (const [attempt, delay] of delays.entries()) {
    try {
      await send()
      log(\`sent on attempt \${attempt + 1} after waiting \${delay} ms in the queue\`)
      return { ok: true, attempt, delay, when: Date.now() }
    } catch (error) {
      log(\`attempt \${attempt + 1} failed: \${String(error)}; next in \${delays[attempt + 1] ?? 'never'} ms\`)
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
  return { ok: false, attempt: delays.length, delay: 0, when: Date.now() }
}
`

/** Ten names imported from the same modules: what two modules using the same helpers begin with. */
const IMPORTS = `import { isAlreadyExists, isFailedPrecondition, isNotFound } from '../claims'
import { collectionOf, subcollectionOf } from '../collections'
import { checkedReader, readWhereAny } from '../documents'
import { expiry, retentionOf } from '../retention'
import type { DocumentReference, Firestore, Timestamp, WriteBatch } from 'firebase-admin/firestore'
import * as v from 'valibot'
import { warn, info, alert } from '../log'
`

describe('the repetition budget', () => {
  it('counts code, not the names a module imports: a dynamic import is code', async () => {
    mkdirSync(join(made, 'imports'), { recursive: true })
    writeFileSync(join(made, 'imports', 'a.ts'), `${IMPORTS}export const a = 1\n`)
    writeFileSync(join(made, 'imports', 'b.ts'), `${IMPORTS}export const b = 2\n`)
    expect(await copies(['imports'], made)).toEqual([])
    writeFileSync(
      join(made, 'imports', 'c.ts'),
      `${IMPORTS}${RETRY('deliverMail').replace('await send()', "await import('./send')")}`,
    )
    writeFileSync(
      join(made, 'imports', 'd.ts'),
      `${IMPORTS}${RETRY('deliverPush').replace('await send()', "await import('./send')")}`,
    )
    expect(await copies(['imports'], made)).toHaveLength(1)
  }, 60_000)

  it('a copy added fails, naming both places; a copy removed asks for the budget to come down', async () => {
    mkdirSync(join(made, 'src'), { recursive: true })
    writeFileSync(join(made, 'src', 'mail.ts'), RETRY('deliverMail'))
    writeFileSync(join(made, 'src', 'push.ts'), RETRY('deliverPush'))
    const found = await copies(['src'], made)
    expect(found).toHaveLength(1)
    expect(found[0].where).toMatch(/src\/(mail|push)\.ts:\d+-\d+ ~ src\/(mail|push)\.ts:\d+-\d+/)
    const lines = found[0].lines
    expect(overBudget(found, { clones: 0, lines: 0 })[0]).toBe(
      `1 copies of ${lines} lines, over the budget of 0 copies of 0: make the repeated code one piece both places use. The copies:`,
    )
    expect(overBudget(found, { clones: 1, lines })).toEqual([])
    expect(overBudget([], { clones: 1, lines })).toEqual([
      '0 copies of 0 lines, under the budget: lower BUDGET in dev/lint/repetition.mjs to them',
    ])
  }, 60_000)

  it('the tree keeps it', async () => {
    expect(overBudget(await copies(CODE))).toEqual([])
  }, 120_000)
})
