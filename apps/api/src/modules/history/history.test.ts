import {
  approvalUser,
  deleteData,
  noteAdd,
  recordHistory,
  rideCancel,
  statusUpdate,
} from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { documentExpiries } from '../../db/schema';
import { createDriver, createRide, createVehicle } from '../../../test/builders';
import { fakeClock, signedInApp } from '../../../test/helper';
import { runDocumentCheck } from '../documents';

async function setup() {
  const clock = fakeClock(new Date('2025-03-01T10:00:00Z'));
  const { database, admin, call } = await signedInApp(clock.now);
  return { database, admin, call, clock };
}

describe('record-history', () => {
  it('lists what was done to a record, newest first: who, what, before and after, the reason', async () => {
    const { database, admin, call, clock } = await setup();
    const driver = await createDriver(database, { approval: 'Pending' });
    const other = await createDriver(database, { approval: 'Pending' });

    await call(approvalUser, {
      id: driver.id,
      table: 'users',
      approval: 'Approved',
      reason: 'Documents check out.',
      expires_on: { driver_licence: '2025-03-02' },
    });
    await call(approvalUser, { id: other.id, table: 'users', approval: 'Rejected' });
    await call(noteAdd, { table: 'users', id: driver.id, text: 'Licence renewal is due.' });
    clock.advance(86_400);
    await runDocumentCheck(database.db, clock.now());
    await call(statusUpdate, { id: driver.id, table: 'users', status: 'Active' });

    const res = await call(recordHistory, { table: 'users', id: driver.id });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('History fetched successfully.');
    expect(res.body.data).toMatchObject({ total: 4, current_page: 1, last_page: 1 });
    const who = { id: admin.id, name: 'Test Admin' };
    expect(res.body.data.data).toEqual([
      {
        id: expect.any(Number),
        action: 'status-update',
        admin: who,
        before: { status: 'Inactive', status_reason: 'Document expired' },
        after: { status: 'Active', status_reason: null },
        reason: null,
        created_at: expect.any(String),
      },
      expect.objectContaining({
        action: 'document-expired',
        admin: null,
        before: { status: 'Active', status_reason: null },
        reason: 'Document expired',
      }),
      expect.objectContaining({
        action: 'note-add',
        admin: who,
        after: { note_id: expect.any(Number), text: 'Licence renewal is due.' },
      }),
      expect.objectContaining({
        action: 'approval-user',
        admin: who,
        before: { approval: 'Pending', expires_on: {} },
        after: {
          approval: 'Approved',
          reason: 'Documents check out.',
          expires_on: { driver_licence: '2025-03-02' },
        },
        reason: 'Documents check out.',
      }),
    ]);
    const paged = (
      await call(recordHistory, { table: 'users', id: driver.id, per_page: 3, page: 2 })
    ).body.data;
    expect(paged.data.map((e: { action: string }) => e.action)).toEqual(['approval-user']);
  });

  it('covers vehicles and trips, and a deleted record; 404 for none', async () => {
    const { database, call } = await setup();
    const vehicle = await createVehicle(database);
    const ride = await createRide(database, { rideStatus: 'Pending' });
    await call(rideCancel, { ride_id: ride.id, reason: 'Passenger asked.' });
    await call(deleteData, { id: vehicle.id, table: 'vehicles' });

    const trip = (await call(recordHistory, { table: 'rides', id: ride.id })).body.data.data;
    expect(trip).toEqual([
      expect.objectContaining({ action: 'ride-cancel', reason: 'Passenger asked.' }),
    ]);
    const gone = (await call(recordHistory, { table: 'vehicles', id: vehicle.id })).body.data.data;
    expect(gone.map((e: { action: string }) => e.action)).toEqual(['delete-data']);

    for (const table of ['users', 'vehicles', 'rides']) {
      const res = await call(recordHistory, { table, id: 999_999 });
      expect(res.statusCode).toBe(404);
    }
    expect((await call(recordHistory, { table: 'audit_log', id: 1 })).statusCode).toBe(400);
    expect(await database.db.select().from(documentExpiries)).toEqual([]);
  });
});
