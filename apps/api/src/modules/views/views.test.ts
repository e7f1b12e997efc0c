import { viewDelete, viewList, viewSave } from '@cabdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, savedViews } from '../../db/schema';
import { createAdmin, signedIn, signedInApp } from '../../../test/helper';

const SUPPORT = { email: 'support@cabdesk.test', password: 'another long passphrase' };

describe('saved views', () => {
  it('keeps at most 50 views of one list per administrator, even when saved at once', async () => {
    const { database, admin, call } = await signedInApp();
    const query = 'search='.padEnd(2000, 'x');
    await database.db.insert(savedViews).values(
      Array.from({ length: 47 }, (_, i) => ({
        adminId: admin.id,
        list: 'trip',
        name: `View ${i}`,
        query,
      })),
    );
    const parallel = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(viewSave, { list: 'trip', name: `New ${i}`, query }),
      ),
    );
    expect(parallel.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = parallel.filter((a) => a.statusCode === 400);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body).toEqual({
      status: false,
      message: 'You can keep at most 50 views of one list: delete one first.',
      data: { errors: { name: 'You can keep at most 50 views of one list: delete one first.' } },
    });
    // A name already kept is replaced; another list has room of its own.
    expect((await call(viewSave, { list: 'trip', name: 'View 3', query: 'a=1' })).statusCode).toBe(
      200,
    );
    expect((await call(viewSave, { list: 'driver', name: 'View 3', query })).statusCode).toBe(200);
    const listed = await call(viewList, { list: 'trip' });
    expect(listed.body.data).toHaveLength(50);
  });

  it('saves, lists by name, replaces a name and deletes, each audited', async () => {
    const { database, admin, call } = await signedInApp();

    const saved = await call(viewSave, {
      list: 'trip',
      name: ' Cancelled this week ',
      query: '?ride_status=Cancel&from=2026-11-16&sort=-amount',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toEqual({
      status: true,
      message: 'View saved.',
      data: {
        id: expect.any(Number),
        list: 'trip',
        name: 'Cancelled this week',
        query: 'ride_status=Cancel&from=2026-11-16&sort=-amount',
        created_at: expect.stringMatching(/Z$/),
      },
    });
    await call(viewSave, { list: 'trip', name: 'Airport', query: 'search=airport' });
    await call(viewSave, { list: 'driver', name: 'Pending', query: 'approval=Pending' });

    // The same name for the same list replaces its query, keeping its id.
    const again = await call(viewSave, {
      list: 'trip',
      name: 'Cancelled this week',
      query: 'ride_status=Cancel',
    });
    expect(again.body.data.id).toBe(saved.body.data.id);

    const listed = await call(viewList, { list: 'trip' });
    expect(listed.body.message).toBe('Saved views fetched successfully.');
    expect(listed.body.data.map((v: { name: string; query: string }) => [v.name, v.query])).toEqual(
      [
        ['Airport', 'search=airport'],
        ['Cancelled this week', 'ride_status=Cancel'],
      ],
    );

    const deleted = await call(viewDelete, { id: saved.body.data.id });
    expect(deleted.body).toEqual({
      status: true,
      message: 'View deleted.',
      data: { id: saved.body.data.id },
    });
    expect((await call(viewList, { list: 'trip' })).body.data).toHaveLength(1);

    const audited = await database.db
      .select({ action: auditLog.action, adminId: auditLog.adminId })
      .from(auditLog)
      .where(eq(auditLog.tableName, 'saved_views'));
    expect(audited).toEqual([
      { action: 'view_save', adminId: admin.id },
      { action: 'view_save', adminId: admin.id },
      { action: 'view_save', adminId: admin.id },
      { action: 'view_replace', adminId: admin.id },
      { action: 'view_delete', adminId: admin.id },
    ]);
  });

  it('keeps each administrator to their own views: others are not listed and 404 to delete', async () => {
    const { app, database, call } = await signedInApp();
    await createAdmin(database, SUPPORT, 'Support');
    const support = await signedIn(app, SUPPORT);

    const mine = await call(viewSave, { list: 'user', name: 'Mine', query: 'status=Active' });
    // Every role saves views.
    const theirs = await support.call(viewSave, { list: 'user', name: 'Mine', query: 'x=1' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);

    expect((await support.call(viewList, { list: 'user' })).body.data).toEqual([
      expect.objectContaining({ name: 'Mine', query: 'x=1' }),
    ]);
    const refused = await support.call(viewDelete, { id: mine.body.data.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toEqual({ status: false, message: 'View not found.', data: null });
    expect((await call(viewList, { list: 'user' })).body.data).toHaveLength(1);
  });

  it('refuses an unknown list, a blank or long name and a long query', async () => {
    const { call } = await signedInApp();
    for (const [body, field] of [
      [{ list: 'nowhere', name: 'x', query: '' }, 'list'],
      [{ list: 'trip', name: '  ', query: '' }, 'name'],
      [{ list: 'trip', name: 'x'.repeat(61), query: '' }, 'name'],
      [{ list: 'trip', name: 'x', query: 'a'.repeat(2001) }, 'query'],
    ] as const) {
      const res = await call(viewSave, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.body.data.errors)).toEqual([field]);
    }
    expect((await call(viewList, { list: 'trip' })).body.data).toEqual([]);
    expect((await call(viewList, { list: 'x' })).statusCode).toBe(400);
  });
});
