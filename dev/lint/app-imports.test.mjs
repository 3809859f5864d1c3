// @ts-check
import { describe, expect, it } from 'vitest'
import { ROOT } from '../lib/config.mjs'
import { expectTreeKeeps } from '../testing/source-rules.mjs'
import { importViolations, sourceFiles } from './app-imports.mjs'

describe("the app's imports", () => {
  it('only lib/firebase.ts loads the Firebase SDK, statically or on demand', () => {
    expect(
      importViolations({
        'src/lib/firebase.ts': "import { getApps } from 'firebase/app'\n",
        'src/lib/session/sign-out.ts': "import { signOut } from 'firebase/auth'\n",
        'src/lib/session/auth-store.ts': "const sdk = await import('firebase/auth')\n",
        'src/lib/host.ts': "export { getAuth } from 'firebase/auth'\n",
        'src/lib/ok.ts': "import { auth } from './firebase'\nconst x = await import('./firebase')\n",
        'src/lib/firebase.test.ts': "vi.mock('firebase/auth')\nimport 'firebase/auth'\n",
      }),
    ).toEqual([
      'src/lib/session/sign-out.ts: loads the Firebase SDK, which only src/lib/firebase.ts does',
      'src/lib/session/auth-store.ts: loads the Firebase SDK, which only src/lib/firebase.ts does',
      'src/lib/host.ts: loads the Firebase SDK, which only src/lib/firebase.ts does',
    ])
  })

  it('only lib/call.ts calls the server through callFunction', () => {
    expect(
      importViolations({
        'src/lib/call.ts': "const { callFunction } = await import('./firebase')\n",
        'src/lib/member-data/refresh.ts':
          "const { callFunction } = await import('../firebase')\nawait callFunction(listMyBookingsCall, {})\n",
        'src/lib/member-data/ok.ts': "import { call } from '../call'\nawait call(listMyBookingsCall, {})\n",
      }),
    ).toEqual(['src/lib/member-data/refresh.ts: uses callFunction; call the server through call() (src/lib/call.ts)'])
  })

  it('Vitest is imported by tests and test helpers only', () => {
    expect(
      importViolations({
        'src/features/notifications/fake-push.ts': "import { vi } from 'vitest'\n",
        'src/test-utils/fake-push.ts': "import { vi } from 'vitest'\n",
        'functions/src/testing/refusal.ts': "import { expect } from 'vitest'\n",
        'src/features/notifications/push.test.ts': "import { it } from 'vitest'\n",
      }),
    ).toEqual([
      'src/features/notifications/fake-push.ts: imports Vitest outside a test: move it to a test-utils/ (or testing/) folder',
    ])
  })

  it('the tree keeps them', () => {
    expectTreeKeeps(sourceFiles(ROOT), 'src/lib/firebase.ts', importViolations)
  })
})
