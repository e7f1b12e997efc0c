/** A point of the plot, in its own units: days across, 0-100 down. */
export type Point = [x: number, y: number];

/** A round step for about `parts` gridlines up to `max`: 1, 2, 2.5 or 5 times a power of ten. */
function niceStep(max: number, parts: number): number {
  const raw = max / parts;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  const round = scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 2.5 ? 2.5 : scaled <= 5 ? 5 : 10;
  return round * power;
}

/**
 * An axis for the figures given: its top (a round figure at or above the
 * largest) and its ticks from 0, at most five steps; whole steps only, as the
 * figures are counts or dollars.
 */
export function chartScale(values: number[]): { top: number; ticks: number[] } {
  const max = Math.max(0, ...values);
  const step = max > 0 ? Math.max(1, niceStep(max, 5)) : 1;
  const steps = Math.max(1, Math.ceil(max / step));
  return { top: steps * step, ticks: Array.from({ length: steps + 1 }, (_, i) => i * step) };
}

/** The slope at each point that keeps a curve through them monotone (Fritsch-Carlson, d3's). */
function monotoneSlopes(points: Point[]): number[] {
  const n = points.length;
  const secant = (i: number) =>
    (points[i + 1]![1] - points[i]![1]) / (points[i + 1]![0] - points[i]![0]);
  return points.map((_, i) => {
    if (i === 0) return secant(0);
    if (i === n - 1) return secant(n - 2);
    const before = secant(i - 1);
    const after = secant(i);
    if (before * after <= 0) return 0;
    const [h0, h1] = [points[i]![0] - points[i - 1]![0], points[i + 1]![0] - points[i]![0]];
    const blend = (before * h1 + after * h0) / (h0 + h1);
    const sign = Math.sign(before);
    return sign * Math.min(Math.abs(before), Math.abs(after), Math.abs(blend) / 2) * 2;
  });
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** An SVG path through the points: straight segments, or a monotone curve (no overshoot). */
export function linePath(points: Point[], curve: 'linear' | 'monotone'): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  if (curve === 'linear' || points.length < 3) {
    return `M${round(first![0])} ${round(first![1])}${rest.map(([x, y]) => `L${round(x)} ${round(y)}`).join('')}`;
  }
  const slopes = monotoneSlopes(points);
  let d = `M${round(first![0])} ${round(first![1])}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    const third = (x1 - x0) / 3;
    d += `C${round(x0 + third)} ${round(y0 + third * slopes[i - 1]!)} ${round(x1 - third)} ${round(y1 - third * slopes[i]!)} ${round(x1)} ${round(y1)}`;
  }
  return d;
}
