import type { MapDriver } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { applyBatch } from './live-stream';

const driver = (id: number, second: number, lat = 41.88): MapDriver => ({
  id,
  name: `Driver ${id}`,
  lat,
  lng: -87.63,
  state: 'available',
  heading: null,
  at: `2026-03-02T09:00:${String(second).padStart(2, '0')}.000Z`,
});

describe('the live map stream', () => {
  it('replaces everything with a snapshot, keeps the newer fix of a change, and drops who left', () => {
    let drivers = applyBatch(new Map([[9, driver(9, 1)]]), {
      snapshot: true,
      drivers: [driver(1, 10), driver(2, 10)],
      removed: [],
    });
    expect([...drivers.keys()]).toEqual([1, 2]);
    // A batch held behind the snapshot can be older than it: the snapshot's fix stays.
    drivers = applyBatch(drivers, {
      snapshot: false,
      drivers: [driver(1, 5, 1), driver(2, 20, 2)],
      removed: [],
    });
    expect(drivers.get(1)?.lat).toBe(41.88);
    expect(drivers.get(2)?.lat).toBe(2);
    drivers = applyBatch(drivers, { snapshot: false, drivers: [], removed: [1] });
    expect([...drivers.keys()]).toEqual([2]);
  });
});
