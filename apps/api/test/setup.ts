import { afterEach, vi } from 'vitest';

// An unexpected console.error is a failure, not noise.
afterEach(() => {
  vi.restoreAllMocks();
});
const original = console.error;
console.error = (...args: unknown[]) => {
  original(...args);
  throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
};
