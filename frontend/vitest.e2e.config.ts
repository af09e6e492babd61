import { defineConfig } from 'vitest/config'

// Browser end-to-end tests: real Go servers (e2e/global-setup.ts starts the shared one, some
// files start their own) driven by Debian's chromium through playwright-core.
//
// Two files at a time: each has its own browser, its own accounts (fresh addresses) and, where
// it needs settings of its own, its own server and database; the shared server's state is only
// ever read per account. Tests inside a file stay in order (they build on each other). Three at
// a time overloads 2 cores; E2E_WORKERS=N overrides (docs/performance.md, "make test").
const workers = Number(process.env.E2E_WORKERS) || 2

export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: workers > 1,
    maxWorkers: workers,
    sequence: { concurrent: false },
    // One module graph per worker: the files share playwright-core, the locales and the support
    // helpers instead of each importing them again (22–28 s of imports → 3 s; no file mocks a
    // module or stubs a global, which is what isolation protects). docs/performance.md, "make test".
    isolate: false,
    // A page waited on by expect.poll answers within a second on a quiet machine, not on CI's
    // two loaded cores (a keep toggle's POST took 1.07 s there): the default 1 s made flakes.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
})
