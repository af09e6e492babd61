import { defineConfig } from 'vitest/config'

// Browser end-to-end tests: a real Go server (started by e2e/global-setup.ts) driven by
// Debian's chromium through playwright-core. Sequential and patient on purpose.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
    // A page waited on by expect.poll answers within a second on a quiet machine, not on CI's
    // two loaded cores (a keep toggle's POST took 1.07 s there): the default 1 s made flakes.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
})
