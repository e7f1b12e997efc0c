import {
  dashboard,
  getProfile,
  login as loginEndpoint,
  logout,
  urlOf,
  waitText,
} from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSessions, auditLog } from '../../db/schema';
import { ADMIN, bearer, buildTestApp, createAdmin, fakeClock, signIn } from '../../../test/helper';

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
  const wrong = { ...valid, password: 'wrong guess' };
  const from = (app: App, remoteAddress: string, body: object = wrong) =>
    app.inject({ ...login(body), remoteAddress });
  const fail = (app: App, email = ADMIN.email, headers: Record<string, string> = {}) =>
    app.inject({ ...login({ ...wrong, email }), headers });
  const statuses = async (n: number, send: (i: number) => Promise<{ statusCode: number }>) => {
    const codes = [];
    for (let i = 0; i < n; i++) codes.push((await send(i)).statusCode);
    return codes;
  };

  it('blocks one client after 10 failures in 15 minutes, while the administrator signs in from another address', async () => {
    const clock = fakeClock();
    const { app, database } = await buildTestApp({}, false, clock.now);
    await createAdmin(database);
    const attacker = '203.0.113.66';

    expect(await statuses(11, () => from(app, attacker))).toEqual([...Array(10).fill(401), 429]);
    const blocked = await from(app, attacker, valid);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json().message).toBe(
      `Too many failed sign-in attempts. Please try again in ${waitText(retryAfter)}.`,
    );

    // The account is not locked: its administrator signs in from elsewhere.
    expect((await from(app, '198.51.100.7', valid)).statusCode).toBe(200);

    // When the window ends the blocked client may try again.
    clock.advance(retryAfter);
    expect((await from(app, attacker, valid)).statusCode).toBe(200);
  });

  it('never counts a refused attempt: a client that keeps knocking is free when its window ends', async () => {
    const clock = fakeClock();
    const { app, database } = await buildTestApp({}, false, clock.now);
    await createAdmin(database);
    const attacker = '203.0.113.66';
    await statuses(10, () => from(app, attacker));
    const first = await from(app, attacker);
    expect(first.statusCode).toBe(429);
    const blockedFor = Number(first.headers['retry-after']);
    // Knocking every 20 seconds does not make the block last longer.
    let knocked = 0;
    let res = first;
    while (res.statusCode === 429) {
      clock.advance(20);
      knocked += 20;
      res = await from(app, attacker);
    }
    expect(knocked).toBeLessThan(blockedFor + 20);
    expect(res.statusCode).toBe(401);
    expect(await statuses(10, () => from(app, attacker))).toEqual([...Array(9).fill(401), 429]);
  });

  it('gives a successful sign-in its count back', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const remoteAddress = '198.51.100.1';
    for (let round = 0; round < 3; round++) {
      expect(await statuses(3, () => from(app, remoteAddress))).toEqual([401, 401, 401]);
      expect((await from(app, remoteAddress, valid)).statusCode).toBe(200);
    }
    // 9 failures and 3 sign-ins: one more failure is allowed, then the limit.
    expect(await statuses(2, () => from(app, remoteAddress))).toEqual([401, 429]);
  });

  it('slows failures on one account from many clients: 21 at once, then growing intervals, never over 100 an hour', async () => {
    const clock = fakeClock();
    const { app, database } = await buildTestApp({}, false, clock.now);
    await createAdmin(database);
    let client = 0;
    const fresh = () => `198.18.${Math.floor(client / 250)}.${(client++ % 250) + 1}`;

    expect(await statuses(21, () => from(app, fresh()))).toEqual(Array(21).fill(401));
    // The 22nd failure must come a while after the 21st, the 23rd longer after the 22nd...
    const waits = [];
    for (let i = 0; i < 3; i++) {
      const refused = await from(app, fresh());
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      clock.advance(wait);
      expect((await from(app, fresh())).statusCode).toBe(401);
    }
    expect(waits[0]).toBeGreaterThan(10);
    waits.reduce((previous, wait) => (expect(wait).toBeGreaterThan(previous), wait));
    expect(waits.at(-1)).toBeLessThanOrEqual(60);

    // Two hours of an attacker with unlimited addresses, trying the moment it may.
    const failures: number[] = [];
    const start = clock.now().getTime();
    while (clock.now().getTime() - start < 2 * 3_600_000) {
      const res = await from(app, fresh());
      if (res.statusCode === 401) failures.push(clock.now().getTime());
      else {
        expect(res.statusCode).toBe(429);
        const wait = Number(res.headers['retry-after']);
        expect(wait).toBeLessThanOrEqual(60);
        clock.advance(wait);
      }
    }
    const mostInAnHour = Math.max(
      ...failures.map((t) => failures.filter((u) => u >= t && u < t + 3_600_000).length),
    );
    console.info(`failures on one account in its worst hour: ${mostInAnHour}`);
    expect(mostInAnHour).toBeLessThanOrEqual(100);
    expect(mostInAnHour).toBeGreaterThan(50);

    // Meanwhile the administrator is delayed, not locked out: from a new address
    // right after a failure the answer says how long to wait, and then the
    // sign-in goes through.
    let last;
    do {
      last = await from(app, fresh());
      if (last.statusCode === 429) clock.advance(Number(last.headers['retry-after']));
    } while (last.statusCode !== 401);
    const admin = '192.0.2.10';
    const delayed = await from(app, admin, valid);
    expect(delayed.statusCode).toBe(429);
    const wait = Number(delayed.headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(60);
    clock.advance(wait);
    expect((await from(app, admin, valid)).statusCode).toBe(200);
  });

  it('keeps a reserve for the addresses the administrator signed in from, so a flood elsewhere cannot keep them out', async () => {
    const clock = fakeClock();
    const { app, database } = await buildTestApp({}, false, clock.now);
    await createAdmin(database);
    const office = '192.0.2.10';
    expect((await from(app, office, valid)).statusCode).toBe(200);
    let client = 0;
    const fresh = () => `198.18.0.${++client}`;
    // Failures from everywhere until the account makes everyone wait.
    let refused;
    do refused = await from(app, fresh());
    while (refused.statusCode === 401);
    expect(refused.statusCode).toBe(429);
    expect((await from(app, '192.0.2.99', valid)).statusCode).toBe(429);
    // From the usual address: no wait, typos included.
    expect((await from(app, office)).statusCode).toBe(401);
    expect((await from(app, office, valid)).statusCode).toBe(200);
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

  it('counts an IPv6 client by its /64', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const codes = await statuses(11, (i) =>
      from(app, `2001:db8:5:6::${(i + 1).toString(16)}`, { ...wrong, email: `a${i}@cabdesk.test` }),
    );
    expect(codes).toEqual([...Array(10).fill(401), 429]);
    expect((await from(app, '2001:db8:5:6:ffff::1', valid)).statusCode).toBe(429);
    expect((await from(app, '2001:db8:5:7::1', valid)).statusCode).toBe(200);
  });

  it('with TRUST_PROXY=1 counts the address the proxy saw, not the one the client wrote', async () => {
    const { app, database } = await buildTestApp({ TRUST_PROXY: '1' });
    await createAdmin(database);
    // nginx appends the address it saw to whatever X-Forwarded-For the client sent.
    const through = (written: string, seen: string, body: object = wrong) =>
      app.inject({ ...login(body), headers: { 'x-forwarded-for': `${written}, ${seen}` } });
    const codes = await statuses(11, (i) => through(`10.0.0.${i}`, '203.0.113.5'));
    expect(codes).toEqual([...Array(10).fill(401), 429]);
    expect((await through('198.51.100.1', '203.0.113.6', valid)).statusCode).toBe(200);
    const [session] = await database.db.select().from(adminSessions);
    expect(session!.ip).toBe('203.0.113.6');
  });

  it('does not let parallel guesses slip past the limit', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const codes = (await Promise.all(Array.from({ length: 15 }, () => fail(app)))).map(
      (r) => r.statusCode,
    );
    expect(
      codes.filter((c) => c === 401),
      JSON.stringify(codes),
    ).toHaveLength(10);
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
      role: 'Owner',
      two_factor_enabled: false,
      two_factor_setup_required: false,
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
