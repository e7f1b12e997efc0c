import { describe, expect, it } from 'vitest';
import { positionAt, stateAt } from './replay-timeline';

const points = [
  { lng: 0, lat: 0, at: '2026-03-02T09:00:00.000Z' },
  { lng: 10, lat: 0, at: '2026-03-02T09:00:10.000Z' },
  { lng: 10, lat: 20, at: '2026-03-02T09:00:30.000Z' },
];
const t = (second: number) => Date.parse('2026-03-02T09:00:00.000Z') + second * 1000;

describe("a trip's replay", () => {
  it('puts the car between the two points around the time, by time', () => {
    expect(positionAt(points, t(-5))).toEqual([0, 0]);
    expect(positionAt(points, t(5))).toEqual([5, 0]);
    expect(positionAt(points, t(20))).toEqual([10, 10]);
    expect(positionAt(points, t(99))).toEqual([10, 20]);
  });

  it("says the trip's state at the time: its last change at or before it", () => {
    const events = [
      { state: 'Pending' as const, at: '2026-03-02T09:00:00.000Z' },
      { state: 'Start' as const, at: '2026-03-02T09:00:12.000Z' },
    ];
    expect(stateAt(events, t(-1))).toBeNull();
    expect(stateAt(events, t(11))).toBe('Pending');
    expect(stateAt(events, t(12))).toBe('Start');
  });
});
