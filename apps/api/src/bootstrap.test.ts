import { changePassword, getProfile, login as loginEndpoint, urlOf } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { bootstrap, readyMessage } from './bootstrap';
import { admins } from './db/schema';
import { buildTestApp } from '../test/helper';

const login = (email: string, password: string) => ({
  method: 'POST' as const,
  url: urlOf(loginEndpoint),
  payload: { email, password },
});

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function signInAnew(app: App, password: string) {
  const res = await app.inject(login('ops@cabdesk.test', password));
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { token: string } }>().data.token;
}

describe('start-up administrator', () => {
  it('creates admin@example.com with a random password shown exactly once', async () => {
    const { app, database } = await buildTestApp({ SEED_DEMO: 'false' });
    const first = await bootstrap(app);
    expect(await bootstrap(app)).toBeNull();

    const printed = readyMessage('http://localhost:8080', first);
    const password = /password: (\S+)/.exec(printed)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // The last line says where and as whom, after the password.
    expect(printed.trim().split('\n').at(-1)).toBe(
      'Cabdesk is ready at http://localhost:8080: sign in as admin@example.com with the password above.',
    );
    expect(readyMessage('http://localhost:8080', null).trim()).toBe(
      'Cabdesk is ready at http://localhost:8080',
    );
    expect(await database.db.select().from(admins)).toHaveLength(1);
    expect((await app.inject(login('admin@example.com', password!))).statusCode).toBe(200);
  });

  it('creates the administrator named by ADMIN_EMAIL and ADMIN_PASSWORD, and never re-keys it', async () => {
    const first = await buildTestApp({
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'ops@cabdesk.test',
      ADMIN_PASSWORD: 'first passphrase',
    });
    const created = await bootstrap(first.app);
    expect(created).toEqual({ email: 'ops@cabdesk.test' });
    expect(readyMessage('http://localhost:8080', created).trim()).toBe(
      'Cabdesk is ready at http://localhost:8080: sign in as ops@cabdesk.test with ADMIN_PASSWORD.',
    );
    expect((await first.app.inject(login('ops@cabdesk.test', 'first passphrase'))).statusCode).toBe(
      200,
    );

    // The administrator rotates the password in the app...
    const token = await signInAnew(first.app, 'first passphrase');
    const changed = await first.app.inject({
      method: 'POST',
      url: urlOf(changePassword),
      headers: { authorization: `Bearer ${token}` },
      payload: {
        password: 'first passphrase',
        new_password: 'rotated passphrase',
        confirm_password: 'rotated passphrase',
      },
    });
    expect(changed.statusCode).toBe(200);
    const afterRotation = await signInAnew(first.app, 'rotated passphrase');

    // ...and the next deploy starts with the old (leaked) password still in the environment.
    await bootstrap(first.app);
    expect((await first.app.inject(login('ops@cabdesk.test', 'first passphrase'))).statusCode).toBe(
      401,
    );
    expect(
      (await first.app.inject(login('ops@cabdesk.test', 'rotated passphrase'))).statusCode,
    ).toBe(200);
    // Sessions opened with the rotated password live on.
    const profile = await first.app.inject({
      url: urlOf(getProfile),
      headers: { authorization: `Bearer ${afterRotation}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(await first.database.db.select().from(admins)).toHaveLength(1);
  });

  it('lets instances starting together share one administrator, in any e-mail case', async () => {
    const { app, database } = await buildTestApp({
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'ops@cabdesk.test',
      ADMIN_PASSWORD: 'shared passphrase',
    });
    const starts = await Promise.all(Array.from({ length: 4 }, () => bootstrap(app)));
    // One of them created it, and only that one says so.
    expect(starts.filter(Boolean)).toEqual([{ email: 'ops@cabdesk.test' }]);
    expect(await database.db.select().from(admins)).toHaveLength(1);

    app.config.admin = { email: 'OPS@cabdesk.test', password: 'another passphrase' };
    await bootstrap(app);
    expect(await database.db.select().from(admins)).toHaveLength(1);
    expect((await app.inject(login('ops@cabdesk.test', 'shared passphrase'))).statusCode).toBe(200);
  });
});
