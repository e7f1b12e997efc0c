import { defineConfig } from 'vitest/config';
import { BROWSER_WORKERS } from './support/workers';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['walks/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Files run in parallel, one per worker; each worker has its own server and
    // database (global-setup.ts), so a walk never meets another's changes or
    // login limits. Within a worker files run one after another.
    fileParallelism: BROWSER_WORKERS > 1,
    maxWorkers: BROWSER_WORKERS,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // What a walk polls for (a list's rows, a toast) may take seconds on shared
    // cores, longer than vitest's default poll.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default'],
  },
});
