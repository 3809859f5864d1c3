/// <reference types="vitest/config" />

import { fileURLToPath } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { manifest } from './src/features/pwa/manifest.ts'
import { parseClientEnv } from './src/lib/env-schema.ts'

export default defineConfig(({ mode }) => {
  // Fail the build, not the app, when the configuration is wrong.
  if (mode !== 'test') parseClientEnv(loadEnv(mode, process.cwd(), 'VITE_'))
  return {
    plugins: [
      // The router plugin must run before react(): it generates routeTree.gen.ts and splits routes.
      tanstackRouter({ target: 'react', autoCodeSplitting: true }),
      react(),
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        manifest,
        includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
        workbox: {
          // Only code and markup are globbed; images are listed explicitly above and in the
          // manifest, so nothing is precached twice.
          globPatterns: ['**/*.{js,css,html}'],
          navigateFallback: '/index.html',
          cleanupOutdatedCaches: true,
        },
      }),
    ],
    resolve: {
      alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) },
    },
    server: { host: '127.0.0.1' },
    preview: { host: '127.0.0.1' },
    build: { target: 'es2022', sourcemap: true },
    test: {
      include: ['src/**/*.test.{ts,tsx}', 'functions/src/**/*.test.ts', 'dev/**/*.test.mjs'],
      environment: 'node',
      restoreMocks: true,
    },
  }
})
