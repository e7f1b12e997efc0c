import { noteAdd, noteList } from '@cabdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notes } from '../../db/schema';
import { createDriver, createRide, createUser, createVehicle } from '../../../test/builders';
import { createAdmin, signedIn, signedInApp } from '../../../test/helper';

const COLLEAGUE = { email: 'colleague@cabdesk.test', password: 'another long passphrase' };

async function setup() {
  const { app, database, admin, call } = await signedInApp();
  return { app, database, admin, call };
}

describe('notes', () => {
  it('adds notes to any record and lists them newest first, with who and when', async () => {
    const { app, database, admin, call } = await setup();
    const colleague = await createAdmin(database, COLLEAGUE);
    const other = await signedIn(app, COLLEAGUE);
    const driver = await createDriver(database);

    const first = await call(noteAdd, {
      table: 'users',
      id: driver.id,
      text: '  Called about the licence.  ',
    });
    expect(first.statusCode).toBe(200);
    expect(first.body).toEqual({
      status: true,
      message: 'Note added successfully.',
      data: {
        id: expect.any(Number),
        text: 'Called about the licence.',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        admin: { id: admin.id, name: 'Test Admin' },
      },
    });
    await other.call(noteAdd, { table: 'users', id: driver.id, text: 'Sent the new scan.' });

    const listed = await call(noteList, { table: 'users', id: driver.id });
    expect(listed.body.message).toBe('Notes fetched successfully.');
    expect(listed.body.data).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(
      listed.body.data.data.map((n: { text: string; admin: { id: number } }) => [
        n.text,
        n.admin.id,
      ]),
    ).toEqual([
      ['Sent the new scan.', colleague.id],
      ['Called about the licence.', admin.id],
    ]);

    // Each record keeps its own: a trip, a vehicle, a passenger.
    const ride = await createRide(database);
    const vehicle = await createVehicle(database);
    const passenger = await createUser(database);
    for (const [table, id] of [
      ['rides', ride.id],
      ['vehicles', vehicle.id],
      ['users', passenger.id],
    ] as const) {
      expect((await call(noteAdd, { table, id, text: `About ${table} ${id}.` })).statusCode).toBe(
        200,
      );
      const own = (await call(noteList, { table, id })).body.data.data;
      expect(own.map((n: { text: string }) => n.text)).toEqual([`About ${table} ${id}.`]);
    }

    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'users'), eq(auditLog.recordId, driver.id)));
    expect(audits.map((r) => [r.action, r.adminId, r.after])).toEqual([
      ['note-add', admin.id, { note_id: first.body.data.id, text: 'Called about the licence.' }],
      ['note-add', colleague.id, { note_id: expect.any(Number), text: 'Sent the new scan.' }],
    ]);
  });

  it('pages the notes', async () => {
    const { database, call } = await setup();
    const ride = await createRide(database);
    for (let i = 1; i <= 12; i++)
      await call(noteAdd, { table: 'rides', id: ride.id, text: `Note ${i}.` });
    const second = (await call(noteList, { table: 'rides', id: ride.id, page: 2 })).body.data;
    expect(second).toMatchObject({ total: 12, last_page: 2, per_page: 10 });
    expect(second.data.map((n: { text: string }) => n.text)).toEqual(['Note 2.', 'Note 1.']);
  });

  it('refuses an empty or long note, another table and a missing record; nothing is written', async () => {
    const { database, call } = await setup();
    const driver = await createDriver(database);
    const gone = await createDriver(database, { deletedAt: new Date() });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ table: 'users', id: driver.id, text: '   ' }, 400, 'Please enter a note.'],
      [{ table: 'users', id: driver.id }, 400, 'Please enter a note.'],
      [
        { table: 'users', id: driver.id, text: 'x'.repeat(2001) },
        400,
        'A note may be at most 2000 characters.',
      ],
      [{ table: 'admins', id: 1, text: 'Hi.' }, 400, 'table must be users, vehicles or rides.'],
      [{ table: 'users', id: 999_999, text: 'Hi.' }, 404, 'User not found.'],
      [{ table: 'users', id: gone.id, text: 'Hi.' }, 404, 'User not found.'],
      [{ table: 'rides', id: 999_999, text: 'Hi.' }, 404, 'Trip not found.'],
      [{ table: 'vehicles', id: 999_999, text: 'Hi.' }, 404, 'Vehicle not found.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(noteAdd, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await database.db.select().from(notes)).toEqual([]);
    // Nothing but the sign-in is audited.
    expect((await database.db.select().from(auditLog)).map((r) => r.action)).toEqual(['login']);
    expect((await call(noteList, { table: 'rides', id: 999_999 })).statusCode).toBe(404);
    // A deleted record's notes can still be read.
    expect((await call(noteList, { table: 'users', id: gone.id })).statusCode).toBe(200);
  });
});
