// @ts-check
import { describe, expect, it } from 'vitest'
import { ROOT } from '../lib/config.mjs'
import { expectTreeKeeps } from '../testing/source-rules.mjs'
import { sourceFiles } from './app-imports.mjs'
import { nameViolations } from './feature-names.mjs'

describe('one name a feature', () => {
  it('a path with a retired word fails, a data module named after its stored collection passes', () => {
    expect(
      nameViolations({
        'functions/src/services/seating/plans.ts': '',
        'src/features/notifications/notify-ask.tsx': '',
        'functions/src/services/mail/notices.ts': '',
        'functions/src/services/groups/tables.ts': '',
        'functions/src/lib/data/seatings.ts': '',
        'functions/src/lib/data/notice-settings.ts': '',
        'src/features/notifications/notification-bell.tsx': '',
      }),
    ).toEqual([
      'functions/src/services/seating/plans.ts: its path uses a retired word: name it with groups',
      'src/features/notifications/notify-ask.tsx: its path uses a retired word: name it with notifications',
      'functions/src/services/mail/notices.ts: its path uses a retired word: name it with notifications or groups',
      'functions/src/services/groups/tables.ts: its path uses a retired word: name it with notifications or groups',
    ])
  })

  it('an exported name with a retired word fails; a local one is not the rule’s business', () => {
    expect(
      nameViolations({
        'packages/domain/src/groups.ts':
          'export interface SeatingView {}\nexport const getGroupsCall = 1\nconst seating = 2\nexport type TableView = {}\n',
        'src/lib/member-data/refresh.ts': 'export async function saveNotifySettings() {}\n',
      }),
    ).toEqual([
      'packages/domain/src/groups.ts: exports SeatingView, a retired word: name it with groups or notifications',
      'packages/domain/src/groups.ts: exports TableView, a retired word: name it with groups or notifications',
      'src/lib/member-data/refresh.ts: exports saveNotifySettings, a retired word: name it with groups or notifications',
    ])
  })

  it('the tree keeps it', () => {
    expectTreeKeeps(sourceFiles(ROOT), 'packages/domain/src/groups.ts', nameViolations)
  })
})
