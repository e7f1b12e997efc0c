import { describe, expect, it } from 'vitest';
import { chartScale, linePath } from './day-chart-geometry';

describe('a day chart’s axis', () => {
  it('rounds the top up to a whole step, at most five steps from 0', () => {
    expect(chartScale([3, 17, 12])).toEqual({ top: 20, ticks: [0, 5, 10, 15, 20] });
    expect(chartScale([105_643.01, 98_000])).toEqual({
      top: 125_000,
      ticks: [0, 25_000, 50_000, 75_000, 100_000, 125_000],
    });
  });

  it('counts in whole steps, and has an axis with nothing to show', () => {
    expect(chartScale([2])).toEqual({ top: 2, ticks: [0, 1, 2] });
    expect(chartScale([0, 0])).toEqual({ top: 1, ticks: [0, 1] });
    expect(chartScale([])).toEqual({ top: 1, ticks: [0, 1] });
  });
});

describe('a day chart’s line', () => {
  it('joins the points straight, or curves without passing above or below them', () => {
    const points: [number, number][] = [
      [0.5, 80],
      [1.5, 20],
      [2.5, 20],
      [3.5, 60],
    ];
    expect(linePath(points, 'linear')).toBe('M0.5 80L1.5 20L2.5 20L3.5 60');
    const curve = linePath(points, 'monotone');
    expect(curve.startsWith('M0.5 80C')).toBe(true);
    // Between the two equal points the curve stays flat: no control point leaves y = 20.
    const segment = curve.split('C')[2]!.split(' ').map(Number);
    expect([segment[1], segment[3], segment[5]]).toEqual([20, 20, 20]);
    expect(linePath([], 'monotone')).toBe('');
  });
});
