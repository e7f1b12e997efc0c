import { dashboard, sessionList, sessionRevoke } from '@cabdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { buildTestApp, createAdmin, signedIn } from '../../../test/helper';

const COLLEAGUE = { email: 'colleague@cabdesk.test', password: 'another fine password' };

describe('my sessions', () => {
  it('lists my live sessions, newest first, with device and address, this one marked; not a colleague’s', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    await createAdmin(database, COLLEAGUE, 'Support');
    const older = await signedIn(app);
    const mine = await signedIn(app);
    await signedIn(app, COLLEAGUE);

    const res = await mine.call(sessionList);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data.map((s: { current: boolean }) => s.current)).toEqual([true, false]);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      user_agent: 'lightMyRequest',
      device_type: 'Web',
      ip: '127.0.0.1',
      created_at: expect.stringMatching(/Z$/),
      last_seen_at: expect.stringMatching(/Z$/),
      current: true,
    });
    expect(
      (await older.call(sessionList)).body.data.map((s: { current: boolean }) => s.current),
    ).toEqual([false, true]);
  });

  it('ends one other session or all of them at once, never this one, never a colleague’s', async () => {
    const { app, database } = await buildTestApp();
    const me = await createAdmin(database);
    await createAdmin(database, COLLEAGUE, 'Support');
    const [a, b, current] = [await signedIn(app), await signedIn(app), await signedIn(app)];
    const colleague = await signedIn(app, COLLEAGUE);
    const ids = (await current.call(sessionList)).body.data as { id: number; current: boolean }[];
    const idOf = async (client: typeof a) =>
      ((await client.call(sessionList)).body.data as { id: number; current: boolean }[]).find(
        (s) => s.current,
      )!.id;

    const self = await current.call(sessionRevoke, { id: ids.find((s) => s.current)!.id });
    expect(self.statusCode).toBe(409);
    expect(self.body.message).toBe('This is the session you are using: log out to end it.');
    const theirs = await current.call(sessionRevoke, { id: await idOf(colleague) });
    expect(theirs.statusCode).toBe(404);
    expect((await colleague.call(dashboard)).statusCode).toBe(200);

    const one = await current.call(sessionRevoke, { id: await idOf(a) });
    expect(one.body).toEqual({
      status: true,
      message: 'The session has been ended.',
      data: { revoked: 1 },
    });
    expect((await a.call(dashboard)).statusCode).toBe(401);
    expect((await b.call(dashboard)).statusCode).toBe(200);

    const all = await current.call(sessionRevoke, { all_others: true });
    expect(all.body).toEqual({
      status: true,
      message: 'Every other session has been ended.',
      data: { revoked: 1 },
    });
    expect((await b.call(dashboard)).statusCode).toBe(401);
    expect((await current.call(dashboard)).statusCode).toBe(200);
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session_revoke'));
    expect(audited.map((row) => row.adminId)).toEqual([me.id, me.id]);

    const neither = await current.call(sessionRevoke, {});
    expect(neither.statusCode).toBe(400);
    expect(neither.body.data.errors).toEqual({ id: 'Send the id of a session or all_others.' });
  });
});
