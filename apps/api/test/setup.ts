import { afterEach, vi } from 'vitest';

// An unexpected console.error is a failure, not noise.
afterEach(() => {
  vi.restoreAllMocks();
});
// Test files share their worker's modules and globals (vitest.config.ts):
// this file then runs once a file in the same process, and console.error is
// wrapped once.
const fails = Symbol.for('cabdesk.test.console-error-fails');
if (!(fails in console.error)) {
  const original = console.error;
  console.error = Object.assign(
    (...args: unknown[]) => {
      original(...args);
      throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
    },
    { [fails]: true },
  );
}
