/**
 * When seeded records were created. Rows of one kind are numbered in the
 * order they were created (as serial ids are in a real database): row i of n
 * falls at a random moment of the i-th of n equal slots of its window. So
 * "which rows existed at time t" is a prefix 1..existing(t), and a record can
 * point only at records created before it (company < vehicle < driver <
 * ride) without any lookup. The same formulas are written in TypeScript for
 * the demo and in SQL for the large scale.
 */

const DAY_MS = 86_400_000;

/** Days before the anchor ("now") a kind of record was created in. */
export type Window = { fromDaysAgo: number; toDaysAgo: number };

export const WINDOWS = {
  companies: { fromDaysAgo: 730, toDaysAgo: 30 },
  vehicles: { fromDaysAgo: 700, toDaysAgo: 1 },
  drivers: { fromDaysAgo: 690, toDaysAgo: 1 },
  passengers: { fromDaysAgo: 730, toDaysAgo: 0.05 },
  finishedRides: { fromDaysAgo: 548, toDaysAgo: 3 / 24 },
  liveRides: { fromDaysAgo: 2 / 24, toDaysAgo: 5 / 1440 },
} satisfies Record<string, Window>;

export class Timeline {
  readonly startMs: number;
  readonly stepMs: number;

  constructor(
    now: Date,
    window: Window,
    readonly count: number,
  ) {
    this.startMs = now.getTime() - window.fromDaysAgo * DAY_MS;
    this.stepMs = ((window.fromDaysAgo - window.toDaysAgo) * DAY_MS) / count;
  }

  /** Creation time of row `index` (1-based), `jitter` in [0, 1); whole seconds. */
  at(index: number, jitter: number): Date {
    const ms = this.startMs + (index - 1 + jitter) * this.stepMs;
    return new Date(Math.floor(ms / 1000) * 1000);
  }

  /** How many rows existed at `time` (at least 1, so a pick never comes up empty). */
  existing(time: Date): number {
    const n = Math.floor((time.getTime() - this.startMs) / this.stepMs);
    return Math.min(this.count, Math.max(1, n));
  }

  /** SQL of `at` as epoch seconds (float8); `to_timestamp()` of it is the time. */
  epochSql(index: string, jitter: string): string {
    return `floor(${this.startMs / 1000} + ((${index}) - 1 + ${jitter}) * ${this.stepMs / 1000})`;
  }

  /** SQL of `existing` for an epoch-seconds expression. */
  existingSql(epoch: string): string {
    return `least(${this.count}, greatest(1, floor(((${epoch}) - ${this.startMs / 1000}) / ${this.stepMs / 1000})))::int`;
  }
}

/**
 * Picking uniformly among the rows that exist would pile references onto the
 * oldest rows (they are eligible the longest: load ~ ln(1/position)). Leaning
 * the pick towards the newest rows, position ~ u^(1/3), evens the load out
 * (~ 1 - position^2) while old companies still keep the largest fleets.
 */
const RECENT_BIAS = 1 / 3;

/** A 0-based row among `existing`, from `u` in [0, 1). */
export function pickRecent(existing: number, u: number): number {
  return Math.min(existing - 1, Math.floor(existing * u ** RECENT_BIAS));
}

export function pickRecentSql(existing: string, u: string): string {
  return `least((${existing}) - 1, floor((${existing}) * power(${u}, ${RECENT_BIAS}))::int)`;
}
