import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Files that replace modules (vi.mock) keep a module graph of their own; the others share one
// per worker, which spares each file loading React, i18next and the locales again: 58 s → 25 s
// for the suite (docs/performance.md, "make test"). Shared files leave the window as they found
// it (a stubbed global, location or clipboard is put back).
const src = fileURLToPath(new URL('./src', import.meta.url))
const mocking = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .filter((f) => /\bvi\.(doMock|mock)\(/.test(readFileSync(join(src, f), 'utf8')))
  .map((f) => `src/${f.split(sep).join('/')}`)

const common = {
  environment: 'jsdom',
  setupFiles: ['src/test/setup.ts'],
  css: false,
  // A file's first test also pays for transforming its imports: generous on a busy 2-core machine.
  testTimeout: 30_000,
  // A global a test stubs is put back after it: the shared files run in one window.
  unstubGlobals: true,
}

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest leaves a core free by default: one worker on a 2-core machine, 97 s for the suite
    // against 61 s with both (docs/performance.md, "make test").
    maxWorkers: availableParallelism(),
    projects: [
      { plugins: [react()], test: { ...common, name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mocking, isolate: false } },
      { plugins: [react()], test: { ...common, name: 'isolated', include: mocking } },
    ],
  },
})
