import { paths } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { api, bearer, buildTestApp, createAdmin, signIn } from '../../../test/helper';
import { upsertAdmin } from '../auth/admins.repository';

describe('notification', () => {
  it('lists the newest notifications for everyone and for this admin, under data.data', async () => {
    const { app, database } = await buildTestApp();
    const me = await createAdmin(database);
    const other = await upsertAdmin(database.db, {
      email: 'other@cabdesk.test',
      name: 'O',
      passwordHash: 'x',
    });
    await database.db.insert(notifications).values([
      { title: 'Older', message: 'for all', createdAt: sql`now() - interval '2 days'` },
      { title: 'Mine', message: 'for me', adminId: me.id },
      { title: 'Theirs', message: 'not for me', adminId: other.id },
    ]);

    const res = await app.inject({
      url: api(paths.notification),
      headers: bearer(await signIn(app)),
    });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.data.data.map((n: { title: string }) => n.title)).toEqual(['Mine', 'Older']);
    expect(body.data.data[0]).toMatchObject({ title: 'Mine', message: 'for me', read_at: null });
  });
});
