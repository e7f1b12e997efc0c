import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    // On PostgreSQL, files share each worker's modules: importing the app
    // afresh for each of 77 files took 64 s of a 521 s run (395 s shared).
    // Tests share no module state: each builds its own app over its own
    // database (test/helper.ts). On PGlite each file has a fresh worker: the
    // WASM heaps of a shared one's test databases grew it past 2 GB, and the
    // run took longer than isolated.
    isolate: !process.env.TEST_DATABASE_URL,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
