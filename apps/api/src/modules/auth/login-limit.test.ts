import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_THROTTLE,
  KNOWN_CLIENT_RESERVE,
  throttleWaitMs,
  type Throttle,
  type ThrottleState,
} from './login-limit';

/** Failures `throttle` lets through in each hour of `hours`, to a client trying every second. */
function perHour(throttle: Throttle, hours: number) {
  let state: ThrottleState | undefined;
  const failures: number[] = [];
  for (let second = 0; second < hours * 3600; second++) {
    const now = new Date(second * 1000);
    if (throttleWaitMs(throttle, state, now) > 0) continue;
    const level = state
      ? Math.max(
          0,
          state.level - (second * 1000 - state.lastFailureAt.getTime()) / throttle.drainMs,
        )
      : 0;
    state = { level: level + 1, lastFailureAt: now };
    failures.push(second);
  }
  // The most failures in any hour-long stretch.
  return Math.max(...failures.map((t) => failures.filter((u) => u >= t && u < t + 3600).length));
}

describe('the per-account throttle', () => {
  it('lets at most 100 failures an hour through, reserve included, to a client trying every second', () => {
    const general = perHour(ACCOUNT_THROTTLE, 3);
    const reserve = perHour(KNOWN_CLIENT_RESERVE, 3);
    console.info(`worst hour: ${general} + ${reserve} (reserve) failures`);
    // The bounds: capacity + 1 h / drain = 24 + 60 and 4 + 12.
    expect(general).toBeLessThanOrEqual(84);
    expect(general).toBeGreaterThan(80);
    expect(reserve).toBeLessThanOrEqual(16);
    expect(general + reserve).toBeLessThanOrEqual(100);
  });

  it('makes nobody wait longer than its drain time', () => {
    const state = { level: ACCOUNT_THROTTLE.capacity, lastFailureAt: new Date(0) };
    expect(throttleWaitMs(ACCOUNT_THROTTLE, state, new Date(0))).toBe(ACCOUNT_THROTTLE.drainMs);
    expect(throttleWaitMs(ACCOUNT_THROTTLE, undefined, new Date(0))).toBe(0);
  });

  it('does not refuse a request whose clock reading is a moment older than the last failure counted', () => {
    // Parallel sign-ins: this one read the clock, then queued behind one that counted at 1000.
    const state = { level: 3, lastFailureAt: new Date(1000) };
    expect(throttleWaitMs(ACCOUNT_THROTTLE, state, new Date(990))).toBe(0);
  });
});
