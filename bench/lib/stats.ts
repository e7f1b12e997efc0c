import type { CpuPerRequest } from './cpu';

/** Latency figures of one measured call, in milliseconds, its throughput, and the CPU each side spent on it. */
export type Figures = {
  p50: number;
  p97_5: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
  /** Absent in results written before it was measured. */
  cpu?: CpuPerRequest;
};

/** The value below which `q` (0..1) of the sorted samples fall (nearest rank). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? NaN;
}

/** Figures from raw latencies (ms) collected over `seconds`. */
export function figuresOf(latencies: number[], seconds: number, errors = 0): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p97_5: quantile(sorted, 0.975),
    p99: quantile(sorted, 0.99),
    rps: latencies.length / seconds,
    requests: latencies.length,
    errors,
  };
}

export const round = (n: number, digits = 1) =>
  Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : null;
