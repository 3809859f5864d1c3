import { defineConfig } from 'vitest/config'

/**
 * Backend integration tests: the real Firebase Auth and Functions emulators, the Firestore
 * stand-in and the payment stand-in, reached through the Firebase web SDK as the app does.
 */
export default defineConfig({
  test: {
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/integration/global-setup.ts'],
    setupFiles: ['tests/integration/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    fileParallelism: false,
    env: {
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${process.env.FIRESTORE_STANDIN_PORT ?? 8080}`,
      // firebase-admin must not look for Google's metadata server: we are offline.
      METADATA_SERVER_DETECTION: 'none',
    },
  },
})
