import { dashboard, getProfile, login as loginEndpoint, logout, urlOf } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSessions, auditLog, rateLimits } from '../../db/schema';
import { ADMIN, bearer, buildTestApp, createAdmin, signIn } from '../../../test/helper';

const login = (body: unknown) => ({
  method: 'POST' as const,
  url: urlOf(loginEndpoint),
  payload: body as object,
});
type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const valid = { ...ADMIN, user_type: 'Admin', device_token: 'fcm-abc', device_type: 'Web' };

describe('login', () => {
  it('answers a token and the user id, and stores only a hash of the token', async () => {
    const { app, database } = await buildTestApp();
    const admin = await createAdmin(database);

    const res = await app.inject(login(valid));

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, message: 'Login successfully.' });
    expect(body.data.user.id).toBe(admin.id);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [session] = await database.db.select().from(adminSessions);
    expect(session?.tokenHash).not.toContain(body.data.token);
    expect(session?.deviceToken).toBe('fcm-abc');
    const [entry] = await database.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: 'login', adminId: admin.id });
  });

  it('accepts the e-mail in any case', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const res = await app.inject(login({ ...valid, email: ADMIN.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);

    const unknown = await app.inject(login({ ...valid, email: 'nobody@cabdesk.test' }));
    const wrong = await app.inject(login({ ...valid, password: 'not the password' }));

    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        status: false,
        message: 'Invalid email or password.',
        data: null,
      });
    }
    expect(await database.db.select().from(adminSessions)).toHaveLength(0);
  });

  it.each([
    [{ password: 'x' }, 'email', 'Please provide a email.'],
    [{ email: '', password: 'x' }, 'email', 'Please provide a email.'],
    [{ email: 'not-an-email', password: 'x' }, 'email', 'Please enter valid email.'],
    [{ email: ADMIN.email }, 'password', 'Please enter a password.'],
    [{ email: ADMIN.email, password: '' }, 'password', 'Please enter a password.'],
    [{ email: ADMIN.email, password: 12345678 }, 'password', 'Please enter a password.'],
    [{ ...valid, user_type: 'Driver' }, 'user_type', 'user_type must be Admin.'],
    [{ ...valid, device_type: 5 }, 'device_type', 'device_type must be Web.'],
  ])('refuses %j with the SPEC message', async (body, field, message) => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);

    const res = await app.inject(login(body));

    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.status).toBe(false);
    expect(json.data.errors[field]).toBe(message);
    expect(json.message).toBe(Object.values(json.data.errors)[0]);
    expect(await database.db.select().from(adminSessions)).toHaveLength(0);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({
      method: 'POST',
      url: urlOf(loginEndpoint),
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      message: 'The request body is not valid JSON.',
      data: null,
    });
  });

  it('answers a body that is not an object with a 400 envelope', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({
      method: 'POST',
      url: urlOf(loginEndpoint),
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.c',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      data: { errors: { body: expect.any(String) } },
    });
  });

  it('limits attempts per e-mail address', async () => {
    const { app, database } = await buildTestApp({ LOGIN_MAX_ATTEMPTS: '3' });
    await createAdmin(database);
    const codes = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await app.inject(login({ ...valid, password: 'wrong guess' }))).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    const blocked = await app.inject(login(valid));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      status: false,
      message: expect.stringMatching(
        /^Too many failed sign-in attempts\. Please try again in \d+ (minutes?|seconds?)\.$/,
      ),
      data: null,
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the sign-in limit', () => {
  const fail = (app: App, email = ADMIN.email, headers: Record<string, string> = {}) =>
    app.inject({ ...login({ ...valid, email, password: 'wrong guess' }), headers });

  it('allows 10 failed attempts per account in 15 minutes, then answers 429 for 15 minutes at most', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await fail(app)).statusCode);
    expect(codes).toEqual([...Array(10).fill(401), 429]);
    const blocked = await app.inject(login(valid));
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Once the window is over the real admin signs in again.
    await database.db.update(rateLimits).set({ windowStart: sql`now() - interval '16 minutes'` });
    expect((await app.inject(login(valid))).statusCode).toBe(200);
  });

  it('counts only failures: a successful sign-in clears the account counter', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    // Each round from its own address, so only the account's counter is at stake.
    for (let round = 0; round < 3; round++) {
      const remoteAddress = `198.51.100.${round + 1}`;
      for (let i = 0; i < 9; i++) {
        const res = await app.inject({
          ...login({ ...valid, password: 'wrong guess' }),
          remoteAddress,
        });
        expect(res.statusCode).toBe(401);
      }
      expect((await app.inject({ ...login(valid), remoteAddress })).statusCode).toBe(200);
    }
    // 27 failures and 3 sign-ins later, the account is not locked.
    const res = await app.inject({ ...login(valid), remoteAddress: '198.51.100.99' });
    expect(res.statusCode).toBe(200);
    const [row] = await database.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'login:email:%'`);
    expect(row).toBeUndefined();
  });

  it('limits failures per client address across accounts, and a spoofed X-Forwarded-For does not reset it', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const codes = [];
    for (let i = 0; i < 11; i++) {
      const res = await fail(app, `someone${i}@cabdesk.test`, {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(401), 429]);
    // Another client address is not affected.
    const elsewhere = await app.inject({ ...login(valid), remoteAddress: '198.51.100.7' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts the forwarded address when TRUST_PROXY is set', async () => {
    const { app, database } = await buildTestApp({ TRUST_PROXY: 'true' });
    await createAdmin(database);
    for (let i = 0; i < 12; i++) {
      const res = await fail(app, `someone${i}@cabdesk.test`, {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    // ...and limits a single forwarded address.
    const codes = [];
    for (let i = 0; i < 11; i++) {
      const res = await fail(app, `other${i}@cabdesk.test`, { 'x-forwarded-for': '192.0.2.1' });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(401), 429]);
  });

  it('does not let parallel guesses slip past the limit', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const codes = (await Promise.all(Array.from({ length: 15 }, () => fail(app)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });
});

describe('bearer tokens', () => {
  it('lets a signed-in admin read the profile', async () => {
    const { app, database } = await buildTestApp();
    const admin = await createAdmin(database);
    const token = await signIn(app);

    const res = await app.inject({ url: urlOf(getProfile), headers: bearer(token) });

    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: admin.id,
      name: 'Test Admin',
      email: ADMIN.email,
      phone: null,
    });
  });

  it.each([
    ['no header', {}],
    ['an unknown token', bearer('x'.repeat(43))],
    ['another scheme', { authorization: 'Basic abc' }],
  ])('answers 401 for %s', async (_name, headers) => {
    const { app } = await buildTestApp();
    const res = await app.inject({ url: urlOf(dashboard), headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: false, message: 'Unauthenticated.', data: null });
  });

  it('answers 401 once the session is idle too long or past its absolute expiry', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const idle = await signIn(app);
    const old = await signIn(app);
    const [first, second] = await database.db
      .select()
      .from(adminSessions)
      .orderBy(adminSessions.id);
    await database.db
      .update(adminSessions)
      .set({ lastSeenAt: sql`now() - interval '13 hours'` })
      .where(eq(adminSessions.id, first!.id));
    await database.db
      .update(adminSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(adminSessions.id, second!.id));

    for (const token of [idle, old]) {
      const res = await app.inject({ url: urlOf(dashboard), headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    }
  });

  it('logout revokes the token', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const token = await signIn(app);
    const other = await signIn(app);

    const res = await app.inject({
      method: 'POST',
      url: urlOf(logout),
      headers: bearer(token),
    });

    expect(res.json()).toEqual({ status: true, message: 'Logout successfully.', data: null });
    const after = await app.inject({ url: urlOf(dashboard), headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: urlOf(logout),
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(401);
    // Other sessions of the same admin stay signed in.
    const still = await app.inject({ url: urlOf(dashboard), headers: bearer(other) });
    expect(still.statusCode).toBe(200);
  });
});
