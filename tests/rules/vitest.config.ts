import { defineConfig } from 'vitest/config'

/** Security rules tests: need the official Firestore and Storage emulators (see rules.test.ts). */
export default defineConfig({
  test: { include: ['tests/rules/**/*.test.ts'], environment: 'node', testTimeout: 20_000 },
})
