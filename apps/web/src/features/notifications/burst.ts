/**
 * Notifications that arrive in a burst (a bulk action approves 200 drivers,
 * each notified like a single decision) are not toasted one by one: the first
 * few are, then one toast counts the rest of the burst. A burst ends after a
 * quiet spell.
 */
const BURST_SINGLES = 3;
export const BURST_QUIET_MS = 3000;

export class ArrivalBurst {
  private count = 0;
  private last = -Infinity;

  /** One arrival at `now` (ms): toast it alone ('single'), or the count of the burst's rest. */
  arrive(now: number): 'single' | number {
    if (now - this.last > BURST_QUIET_MS) this.count = 0;
    this.last = now;
    this.count += 1;
    return this.count <= BURST_SINGLES ? 'single' : this.count - BURST_SINGLES;
  }
}
