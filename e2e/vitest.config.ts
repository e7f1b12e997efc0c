import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['walks/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One browser walk at a time: they share one server (and its login limits).
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // What a walk polls for (a list's rows, a toast) may take seconds on shared
    // cores: 1 s (the default) failed walks whose screens were right.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default'],
  },
});
