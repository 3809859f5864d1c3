// The domain as JavaScript (dist/<module>.js) for what runs in Node without a TypeScript step:
// Vite's own configuration, the functions' bundle, the dev tools and Playwright. The app and the
// unit tests read src/ directly (an alias in vite.config.ts); the types always come from src/.
import { readdirSync } from 'node:fs'
import { build } from 'esbuild'

const src = new URL('./src/', import.meta.url).pathname
const modules = readdirSync(src).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
await build({
  entryPoints: modules.map((file) => `${src}${file}`),
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  splitting: true,
  packages: 'external',
  platform: 'neutral',
  format: 'esm',
  target: 'es2022',
  logLevel: 'warning',
})
