import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // A file's first test also pays for transforming its imports: generous on a busy 2-core machine.
    testTimeout: 30_000,
    // Vitest leaves a core free by default: one worker on a 2-core machine, 97 s for the suite
    // against 61 s with both (docs/performance.md, "make test").
    maxWorkers: availableParallelism(),
  },
})
