import { configDefaults, defineConfig } from 'vitest/config'

/**
 * Backend integration tests: the real Firebase Auth and Functions emulators, the Firestore
 * stand-in and the payment stand-in, reached through the Firebase web SDK as the app does.
 *
 * Two groups, one after the other:
 * - files isolated by a fresh member and events of their own (own-events.ts), run side by side;
 * - files about the whole stack (a job run over every date, a publish, a count of everything
 *   written, the seed's own pages) or about time itself (a takeover window of two seconds, which a
 *   busy core could stretch), run one at a time afterwards, each starting from every date emptied
 *   (setup.ts).
 */
const SIDE_BY_SIDE = [
  'client-report',
  'door',
  'door-insider',
  'email-verification',
  'function-instance',
  'host',
  'hosting',
  'notifications',
  'outside-money',
  'profile',
  'seat-claims',
].map((name) => `tests/integration/${name}.test.ts`)

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['tests/integration/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    env: {
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${process.env.FIRESTORE_STANDIN_PORT ?? 8080}`,
      // firebase-admin must not look for Google's metadata server: we are offline.
      METADATA_SERVER_DETECTION: 'none',
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'own events, side by side',
          include: SIDE_BY_SIDE,
          fileParallelism: true,
          // Three files at once keep both cores busy while each waits on the emulators.
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'whole stack, one at a time',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SIDE_BY_SIDE],
          setupFiles: ['tests/integration/setup.ts'],
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
