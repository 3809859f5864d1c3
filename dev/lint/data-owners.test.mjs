// @ts-check
import { describe, expect, it } from 'vitest'
import { ROOT } from '../lib/config.mjs'
import { sourceFiles } from './app-imports.mjs'
import { ownerViolations } from './data-owners.mjs'

describe('one owner per collection', () => {
  it('a collection with a data module is named there alone', () => {
    expect(
      ownerViolations({
        'functions/src/lib/data/blocks.ts': "const blocks = (firestore) => collectionOf(firestore, 'blocks')\n",
        'functions/src/services/seating/guests.ts':
          "await collectionOf(firestore, 'blocks').where('from', 'in', chunk).get()\n",
        'functions/src/services/account.ts': "collectionOf(firestore, 'bookings').where('user_id', '==', uid)\n",
        'functions/src/services/forget.test.ts': "await collectionOf(firestore, 'blocks').doc('a_b').set(block)\n",
      }),
    ).toEqual([
      "functions/src/services/seating/guests.ts: names the collection 'blocks': read and write it through lib/data/blocks.ts",
    ])
  })

  it('a module in kebab case owns the collection in snake case', () => {
    expect(
      ownerViolations({
        'functions/src/lib/data/insight-marks.ts': "collectionOf(firestore, 'insight_marks').doc(key)\n",
        'functions/src/services/insights/roll.ts': "await collectionOf(firestore, 'insight_marks').get()\n",
        'functions/src/services/insights/view.ts': "collectionOf(firestore, 'insights').doc('last-roll')\n",
      }),
    ).toEqual([
      "functions/src/services/insights/roll.ts: names the collection 'insight_marks': read and write it through lib/data/insight-marks.ts",
    ])
  })

  it('the tree keeps it', () => {
    const files = sourceFiles(ROOT)
    expect(Object.keys(files)).toContain('functions/src/lib/data/blocks.ts')
    expect(ownerViolations(files)).toEqual([])
  })
})
