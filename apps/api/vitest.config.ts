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
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
