/**
 * The retention table, the TTL policies deployed with firebase.json and docs/data.md say the same
 * thing: one policy per retained collection on `expire_at`, and a row in the doc for each.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expiry, RETENTION } from './retention'

const ROOT = join(__dirname, '..', '..', '..')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')

describe('retention', () => {
  it('every retained collection has a TTL policy on expire_at, deployed from firebase.json', () => {
    const firebase = JSON.parse(read('firebase.json')) as { firestore: { indexes: string } }
    const indexes = JSON.parse(read(firebase.firestore.indexes)) as {
      fieldOverrides: { collectionGroup: string; fieldPath: string; ttl?: boolean }[]
    }
    const ttl = indexes.fieldOverrides.filter((override) => override.ttl === true)
    expect(ttl.map((override) => override.collectionGroup).sort()).toEqual(Object.keys(RETENTION).sort())
    for (const override of ttl) expect(override.fieldPath).toBe('expire_at')
  })

  it('docs/data.md has a row for every collection, with its time to live', () => {
    const doc = read('docs/data.md')
    for (const [collection, rule] of Object.entries(RETENTION)) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${collection}\``))
      expect(row, `docs/data.md has no row for ${collection}`).toBeDefined()
      expect(row).toContain(`${rule.days} days`)
    }
    for (const kept of ['user_profiles', 'moderation']) expect(doc).toContain(`| \`${kept}\``)
  })

  it('counts from the write, or from the end of the event date in IST', () => {
    const now = Date.parse('2026-11-26T10:00:00Z')
    expect(expiry('gateway_reads', now).expire_at.toMillis()).toBe(now + 86_400_000)
    expect(expiry('seats', now, '2026-12-02').expire_at.toDate().toISOString()).toBe('2027-01-01T18:29:59.000Z')
    // A date that does not parse counts from the write.
    expect(expiry('seats', now, 'soon').expire_at.toMillis()).toBe(now + 30 * 86_400_000)
  })
})
