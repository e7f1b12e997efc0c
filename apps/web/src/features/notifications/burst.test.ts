import { describe, expect, it } from 'vitest';
import { ArrivalBurst, BURST_QUIET_MS } from './burst';

describe('ArrivalBurst', () => {
  it('toasts the first three of a burst alone, then counts the rest in one', () => {
    const burst = new ArrivalBurst();
    const seen = [0, 10, 20, 30, 40, 50].map((at) => burst.arrive(at));
    expect(seen).toEqual(['single', 'single', 'single', 1, 2, 3]);
  });

  it('starts again after a quiet spell; arrivals spread out are each toasted', () => {
    const burst = new ArrivalBurst();
    for (const at of [0, 1, 2, 3]) burst.arrive(at);
    expect(burst.arrive(3 + BURST_QUIET_MS + 1)).toBe('single');
    const spread = new ArrivalBurst();
    const seen = [0, 1, 2, 3, 4].map((n) => spread.arrive(n * (BURST_QUIET_MS + 1)));
    expect(seen.every((s) => s === 'single')).toBe(true);
  });
});
