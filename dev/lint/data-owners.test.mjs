// @ts-check
import { describe, expect, it } from 'vitest'
import { ROOT } from '../lib/config.mjs'
import { expectTreeKeeps } from '../testing/source-rules.mjs'
import { sourceFiles } from './app-imports.mjs'
import { ownerViolations } from './data-owners.mjs'

describe('one owner per collection', () => {
  it('a collection with a data module is named there alone', () => {
    expect(
      ownerViolations({
        'functions/src/lib/data/blocks.ts': "const blocks = (firestore) => collectionOf(firestore, 'blocks')\n",
        'functions/src/lib/data/reports.ts':
          "await collectionOf(firestore, 'blocks').where('from', 'in', chunk).get()\n",
        'functions/src/services/forget.test.ts': "await collectionOf(firestore, 'blocks').doc('a_b').set(block)\n",
      }),
    ).toEqual([
      "functions/src/lib/data/reports.ts: names the collection 'blocks': read and write it through lib/data/blocks.ts",
    ])
  })

  it('nothing outside the data modules reaches Firestore directly, whatever the collection', () => {
    expect(
      ownerViolations({
        'functions/src/lib/data/blocks.ts': "const blocks = (firestore) => collectionOf(firestore, 'blocks')\n",
        'functions/src/lib/collections.ts':
          'export const collectionOf = (firestore, name) => firestore.collection(name)\n',
        'functions/src/services/account.ts':
          "import x\ncollectionOf(firestore, 'bookings').where('user_id', '==', uid)\n",
        'functions/src/services/door.ts': "await firestore.doc('door_check_ins/' + id).get()\n",
        'functions/src/handlers/webhook.ts': "deps.firestore.collection('webhook_events').doc(key)\n",
        'functions/src/services/capacity.ts': 'const seats = seatClaims(firestore, event.id, date)\n',
        'functions/src/services/host/messages.ts': 'await readHostMessageById(deps.firestore, input.messageId)\n',
        'functions/src/services/forget.test.ts': "await firestore.doc('blocks/a_b').set(block)\n",
      }),
    ).toEqual([
      'functions/src/services/account.ts:2: reaches Firestore directly: read and write through a data module (lib/data/)',
      'functions/src/services/door.ts:1: reaches Firestore directly: read and write through a data module (lib/data/)',
      'functions/src/handlers/webhook.ts:1: reaches Firestore directly: read and write through a data module (lib/data/)',
      'functions/src/services/capacity.ts:1: reaches Firestore directly: read and write through a data module (lib/data/)',
    ])
  })

  it('a service takes the catalogue from its context, never loading it again', () => {
    expect(
      ownerViolations({
        'functions/src/services/groups/published.ts':
          'import x\nconst event = (await loadCatalogue(firestore)).eventById(id)\n',
        'functions/src/handlers/callables.ts': 'const catalogue = await loadCatalogue(db())\n',
        'functions/src/services/groups/published.test.ts': 'const catalogue = await loadCatalogue(db)\n',
      }),
    ).toEqual([
      "functions/src/services/groups/published.ts:2: loads the catalogue: take the one in the service's context (lib/context.ts)",
    ])
  })

  it('a module in kebab case owns the collection in snake case', () => {
    expect(
      ownerViolations({
        'functions/src/lib/data/insight-marks.ts': "collectionOf(firestore, 'insight_marks').doc(key)\n",
        'functions/src/lib/data/insights.ts': "await collectionOf(firestore, 'insight_marks').get()\n",
        'functions/src/lib/data/insight-tallies.ts': "collectionOf(firestore, 'insight_tallies').doc(key)\n",
      }),
    ).toEqual([
      "functions/src/lib/data/insights.ts: names the collection 'insight_marks': read and write it through lib/data/insight-marks.ts",
    ])
  })

  it('the tree keeps it', () => {
    expectTreeKeeps(sourceFiles(ROOT), 'functions/src/lib/data/blocks.ts', ownerViolations)
  })
})
