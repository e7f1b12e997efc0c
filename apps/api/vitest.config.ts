import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    // Files share each worker's modules: importing the app afresh for each of
    // 77 files took 64 s of a 521 s run on PostgreSQL (395 s shared), 56-72 s
    // on PGlite. What the API keeps in a module is keyed by database or pure
    // (README "Test it"); each test builds its own app over its own database
    // (test/helper.ts), and nothing global keeps a closed one reachable.
    isolate: false,
    // A worker per core: vitest's default leaves one core to its own process,
    // which here waits. Each test has its own database, so files may run side
    // by side: on two cores the PGlite run took 6.0 min against 9.1 with one
    // worker, the PostgreSQL run 3.0 against 5.0.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
