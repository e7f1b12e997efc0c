import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    // Files share each worker's modules: importing the app afresh for every
    // file was a large part of a run on either driver (docs/testing.md has the
    // figures). What the API keeps in a module is keyed by database or pure
    // (README "Test it"); each test builds its own app over its own database
    // (test/helper.ts), and nothing global keeps a closed one reachable.
    isolate: false,
    // A worker per core and one more: a test spends part of its time waiting
    // on PostgreSQL, which the extra worker fills (measured in docs/testing.md).
    // Each test has its own database, so files may run side by side.
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
