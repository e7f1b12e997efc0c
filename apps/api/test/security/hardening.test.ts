import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_BASE,
  approvalUser,
  couponAdd,
  couponList,
  dashboard,
  deleteData,
  faqAdd,
  faqList,
  getProfile,
  login as loginEndpoint,
  PER_PAGE_DEFAULT,
  PER_PAGE_MAX,
  UNPAGED_LIST_MAX,
  updateProfile,
  urlOf,
  userDetail,
  userList,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { admins, adminSessions, auditLog, coupons, faqs, users } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';
import { hashToken } from '../../src/lib/tokens';
import { upsertAdmin } from '../../src/modules/auth';
import {
  api,
  bearer,
  buildTestApp,
  createAdmin,
  signIn,
  signUpload,
  TEST_UPLOAD_KEY,
  type TestEnv,
} from '../helper';
import { createDriver } from '../builders';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function signedIn(env: TestEnv = {}) {
  const built = await buildTestApp(env);
  await createAdmin(built.database);
  const token = await signIn(built.app);
  return { ...built, token, auth: bearer(token) };
}

const post = (app: App, path: string, payload: unknown, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: api(path), payload: payload as object, headers });

/** What an answer must never show: stack frames, SQL, driver or runtime names and versions. */
const LEAK =
  /\bat .+:\d+:\d+|\.ts\b|node_modules|\bselect\b.+\bfrom\b|\binsert into\b|\bupdate\b.+\bset\b|syntax error|relation "|column "|postgres|pglite|drizzle|fastify|node\.js|v\d+\.\d+\.\d+|SQLSTATE|errno/i;

describe('mass assignment', () => {
  it('updateProfile ignores approval, role, password, id and timestamps slipped into the body', async () => {
    const { app, database, auth } = await signedIn();
    const [before] = await database.db.select().from(admins);
    const res = await post(
      app,
      updateProfile.path,
      {
        name: 'New Name',
        phone: '5551234567',
        approval: 'Approved',
        role: 'Admin',
        is_admin: true,
        password: 'attacker passphrase',
        password_hash: 'scrypt$4$8$1$AAAA$BBBB',
        passwordHash: 'scrypt$4$8$1$AAAA$BBBB',
        id: 999,
        created_at: '2001-01-01T00:00:00Z',
      },
      auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await database.db.select().from(admins);
    expect(after).toMatchObject({
      id: before!.id,
      name: 'New Name',
      phone: '5551234567',
      passwordHash: before!.passwordHash,
      createdAt: before!.createdAt,
    });
    // Prototype pollution through JSON is refused outright.
    for (const payload of [
      '{"name":"Polluter","phone":"5550000000","__proto__":{"polluted":true}}',
      '{"name":"Polluter","phone":"5550000000","constructor":{"prototype":{"polluted":true}}}',
    ]) {
      const polluted = await app.inject({
        method: 'POST',
        url: urlOf(updateProfile),
        headers: { ...auth, 'content-type': 'application/json' },
        payload,
      });
      expect(polluted.statusCode).toBe(400);
      expect(polluted.json()).toMatchObject({ status: false });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const [unchanged] = await database.db.select().from(admins);
    expect(unchanged!.name).toBe('New Name');
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'profile_update'`);
    expect(JSON.stringify(entry!.after)).not.toMatch(/attacker|Approved|999/);
  });

  it('coupon-add and approval-user write only their own fields', async () => {
    const { app, database, auth } = await signedIn();
    const added = await post(
      app,
      couponAdd.path,
      {
        title: 'Spring',
        coupon_code: 'SPRING10',
        discount: 10,
        description: 'Ten off',
        id: 424242,
        suspend_status: 1,
        deleted_at: '2020-01-01T00:00:00Z',
        created_at: '2001-01-01T00:00:00Z',
      },
      auth,
    );
    expect(added.statusCode).toBe(200);
    const [coupon] = await database.db.select().from(coupons);
    expect(coupon!.id).not.toBe(424242);
    expect(coupon!.deletedAt).toBeNull();
    expect(coupon!.createdAt.getFullYear()).toBeGreaterThan(2020);
    expect(added.json().data.suspend_status).toBe(0);

    const driver = await createDriver(database, { approval: 'Pending', status: 'Active' });
    const approved = await post(
      app,
      approvalUser.path,
      {
        id: driver.id,
        table: 'users',
        approval: 'Approved',
        role: 'Company',
        status: 'Inactive',
        email: 'attacker@evil.test',
        deleted_at: '2020-01-01T00:00:00Z',
      },
      auth,
    );
    expect(approved.statusCode).toBe(200);
    const [row] = await database.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${driver.id}`);
    expect(row).toMatchObject({
      approval: 'Approved',
      role: 'Driver',
      status: 'Active',
      email: driver.email,
      deletedAt: null,
    });
  });
});

describe('resource limits', () => {
  it('refuses a body over 1 MiB with a 413 envelope, before it reaches a route', async () => {
    const { app, database, auth } = await signedIn();
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    const res = await post(
      app,
      couponAdd.path,
      {
        title: 'x',
        coupon_code: 'BIG',
        discount: 5,
        description: 'y'.repeat(1024 * 1024 + 1),
      },
      auth,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      status: false,
      message: 'The request body is too large.',
      data: null,
    });
    expect(await database.db.select().from(coupons)).toHaveLength(0);
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).toEqual(
      before,
    );
  });

  it.each([
    {
      list: faqList.path,
      table: faqs,
      row: (i: number) => ({ question: `Question ${i}?`, answer: 'An answer.' }),
    },
    {
      list: couponList.path,
      table: coupons,
      row: (i: number) => ({
        title: `Coupon ${i}`,
        couponCode: `CODE${i}`,
        discount: 10,
        description: 'Ten off.',
      }),
    },
  ])(
    '$list answers at most UNPAGED_LIST_MAX rows, newest first, without page; a page with it',
    async ({ list, table, row }) => {
      const { app, database, auth } = await signedIn();
      const count = UNPAGED_LIST_MAX + 1;
      const day = Date.UTC(2024, 0, 1);
      // Inserted in shuffled order, each a minute apart: the order comes from created_at.
      const order = Array.from({ length: count }, (_, i) => (i * 7919) % count);
      await database.db
        .insert(table)
        .values(order.map((i) => ({ ...row(i), createdAt: new Date(day + i * 60_000) })));
      const get = (query: string) => app.inject({ url: api(`${list}${query}`), headers: auth });
      const titles = (items: { question?: string; title?: string }[]) =>
        items.map((item) => item.question ?? item.title);

      const all = await get('');
      expect(all.statusCode).toBe(200);
      const array = all.json().data;
      expect(Array.isArray(array)).toBe(true);
      expect(array).toHaveLength(UNPAGED_LIST_MAX);
      const newestFirst = Array.from({ length: count }, (_, i) => row(count - 1 - i));
      expect(titles(array)).toEqual(titles(newestFirst.slice(0, UNPAGED_LIST_MAX)) as string[]);

      const page = await get('?page=2&per_page=100');
      expect(page.statusCode).toBe(200);
      const paged = page.json().data;
      expect(paged).toMatchObject({
        current_page: 2,
        last_page: 6,
        per_page: 100,
        total: count,
        total_exact: true,
      });
      expect(titles(paged.data)).toEqual(titles(newestFirst.slice(100, 200)) as string[]);
      const first = (await get('?page=1')).json().data;
      expect(first).toMatchObject({ current_page: 1, per_page: PER_PAGE_DEFAULT, total: count });
      expect(first.data).toHaveLength(PER_PAGE_DEFAULT);
      const last = (await get('?page=6&per_page=100')).json().data;
      expect(titles(last.data)).toEqual(titles([row(0)]) as string[]);

      const huge = await get(`?page=1&per_page=${PER_PAGE_MAX + 1}`);
      expect(huge.statusCode).toBe(400);
      expect(huge.json().data.errors).toEqual({
        per_page: `per_page must be at most ${PER_PAGE_MAX}.`,
      });
    },
  );

  it('sets request and connection timeouts on the HTTP server', async () => {
    const { app } = await buildTestApp({
      REQUEST_TIMEOUT_MS: '12000',
      CONNECTION_TIMEOUT_MS: '90000',
    });
    expect(app.server.requestTimeout).toBe(12_000);
    expect(app.server.timeout).toBe(90_000);
    const defaults = await buildTestApp();
    expect(defaults.app.server.requestTimeout).toBe(30_000);
    expect(defaults.app.server.timeout).toBe(120_000);
    expect(defaults.app.server.headersTimeout).toBeGreaterThan(0);
    expect(defaults.app.server.headersTimeout).toBeLessThanOrEqual(60_000);
  });

  it('cancels a statement over DATABASE_STATEMENT_TIMEOUT_MS, and the call answers 503', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/cabdesk-unused' });
    expect(config.databaseStatementTimeoutMs).toBe(15_000);
    // The API maps a cancelled statement to 503 with the envelope.
    const { app } = await buildTestApp();
    app.get('/slow', { config: { public: true } }, async () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), {
        code: '57014',
      });
    });
    const res = await app.inject({ url: '/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: false,
      message: 'The service is temporarily unavailable. Please try again.',
      data: null,
    });
    const url = process.env.TEST_DATABASE_URL;
    const dir = mkdtempSync(join(tmpdir(), 'cabdesk-timeout-'));
    const database = await openDatabase(
      url
        ? { databaseUrl: url, poolSize: 1, statementTimeoutMs: 300 }
        : { dataDir: dir, statementTimeoutMs: 300 },
    );
    try {
      const [shown] = await database.rows<{ statement_timeout: string }>(
        sql`show statement_timeout`,
      );
      expect(shown!.statement_timeout).toBe('300ms');
      // PGlite runs queries on one WebAssembly thread with no timer interrupt: it keeps the
      // setting but cannot cancel a running statement. PostgreSQL does.
      if (!url) return;
      const started = Date.now();
      await expect(database.rows(sql`select pg_sleep(3)`)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '57014' }),
      });
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('security headers', () => {
  it('are on API answers, errors included, and API answers are never cached', async () => {
    const { app, auth } = await signedIn();
    const answers = [
      await app.inject({ url: urlOf(getProfile), headers: auth }),
      await app.inject({ url: urlOf(getProfile) }),
      await app.inject({ url: api('no-such-call') }),
      await post(app, loginEndpoint.path, { email: 'x' }, {}),
      await app.inject({ url: '/healthz' }),
    ];
    for (const res of answers) {
      const h = res.headers;
      expect(h['strict-transport-security']).toMatch(/max-age=(\d{8,}|3\d{7})/);
      expect(Number(/max-age=(\d+)/.exec(String(h['strict-transport-security']))![1])).toBe(
        31_536_000,
      );
      expect(h['strict-transport-security']).toContain('includeSubDomains');
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('no-referrer');
      const csp = String(h['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(h['x-frame-options']).toBe('DENY');
      expect(h['cache-control']).toBe('no-store');
      expect(h['x-powered-by']).toBeUndefined();
      expect(h['server']).toBeUndefined();
    }
  });

  it('let the app take styles and fonts from itself only, and no powerful feature but geolocation', async () => {
    const web = mkdtempSync(join(tmpdir(), 'cabdesk-web-'));
    onTestFinished(() => rmSync(web, { recursive: true, force: true }));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Cabdesk</title>');
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'assets', 'login-3f9a.js'), 'export {};');
    const { app } = await buildTestApp({ WEB_DIST_DIR: web });
    const page = await app.inject({ url: '/login', headers: { accept: 'text/html' } });
    expect(page.body).toContain('<title>Cabdesk</title>');
    // A script of the build: the policies govern documents, not the files they load; what
    // governs a loaded file stays (its type not sniffed, not for other sites, HTTPS only).
    const script = await app.inject({ url: '/assets/login-3f9a.js' });
    expect(script.statusCode).toBe(200);
    for (const documentOnly of [
      'permissions-policy',
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
    ]) {
      expect(script.headers[documentOnly], documentOnly).toBeUndefined();
    }
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(script.headers['referrer-policy']).toBe('no-referrer');
    for (const res of [page, await app.inject({ url: api('no-such-call') })]) {
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp.split(';').map((directive) => {
          const [name, ...sources] = directive.trim().split(/\s+/);
          return [name, sources];
        }),
      );
      expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(directives['font-src']).toEqual(["'self'"]);
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(csp).not.toMatch(/https:|\*/);

      const policy = Object.fromEntries(
        String(res.headers['permissions-policy'])
          .split(',')
          .map((entry) => entry.trim().split('=')),
      );
      expect(policy.geolocation).toBe('(self)');
      for (const feature of [
        'camera',
        'microphone',
        'payment',
        'usb',
        'serial',
        'display-capture',
      ]) {
        expect(policy[feature], feature).toBe('()');
      }
      const allowed = Object.entries(policy).filter(([, origins]) => origins !== '()');
      expect(allowed).toEqual([['geolocation', '(self)']]);
    }
  });
});

describe('CORS', () => {
  const preflight = (app: App, origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: urlOf(userList),
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

  it('is closed by default: no origin, not even null, gets access', async () => {
    const { app, auth } = await signedIn();
    for (const origin of ['https://evil.test', 'null', 'http://localhost:5173']) {
      const pre = await preflight(app, origin);
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-methods']).toBeUndefined();
      const res = await app.inject({ url: urlOf(dashboard), headers: { ...auth, origin } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('opens exactly to the CORS_ORIGINS allow-list, and never to null', async () => {
    const { app, auth } = await signedIn({
      CORS_ORIGINS: 'https://admin.example.com, http://localhost:5173',
    });
    const pre = await preflight(app, 'https://admin.example.com');
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://admin.example.com');
    expect(pre.headers['access-control-allow-headers']).toContain('authorization');
    expect(pre.headers['vary']).toContain('Origin');
    const res = await app.inject({
      url: urlOf(dashboard),
      headers: { ...auth, origin: 'http://localhost:5173' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    for (const origin of ['null', 'https://admin.example.com.evil.test', 'https://evil.test']) {
      expect((await preflight(app, origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
    for (const bad of ['null', '*', 'https://a.test/path', 'admin.example.com']) {
      expect(() =>
        loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/cabdesk-unused', CORS_ORIGINS: bad }),
      ).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe('errors', () => {
  it('never show a stack, SQL, or a version, even when the database fails', async () => {
    const { app, database, auth } = await signedIn();
    const answers = [
      await app.inject({
        method: 'POST',
        url: urlOf(loginEndpoint),
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
      await app.inject({
        method: 'POST',
        url: urlOf(couponAdd),
        headers: { ...auth, 'content-type': 'application/xml' },
        payload: '<a/>',
      }),
      await app.inject({ url: api(`${userDetail.path}?user_id=1'%20or%201=1--`), headers: auth }),
      await app.inject({ url: api(`${userDetail.path}?user_id=99999999999`), headers: auth }),
      await app.inject({ method: 'DELETE', url: urlOf(userList), headers: auth }),
      await post(app, deleteData.path, { id: 1, table: 'admins; drop table users' }, auth),
      await app.inject({ url: `${API_BASE}%ff%fe`, headers: auth }),
    ];
    // A failing database: the table behind a list is gone.
    await database.rows(sql`alter table coupons rename to coupons_gone`);
    answers.push(await app.inject({ url: urlOf(couponList), headers: auth }));
    const last = answers.at(-1)!;
    expect(last.statusCode).toBe(500);
    expect(last.json()).toEqual({ status: false, message: 'Internal Server Error', data: null });
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.json()).toMatchObject({ status: false, message: expect.any(String) });
      expect(res.body).not.toMatch(LEAK);
      expect(JSON.stringify(res.headers)).not.toMatch(/fastify|node|postgres|pglite/i);
    }
  });
});

describe('input the database cannot hold', () => {
  it('refuses a NUL character in any field with a 400, and writes nothing', async () => {
    const { app, database, auth } = await signedIn();
    const res = await post(
      app,
      faqAdd.path,
      { question: 'What\u0000now?', answer: 'Nothing.' },
      auth,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      message: 'The text contains a character that is not allowed.',
      data: { errors: { question: 'The text contains a character that is not allowed.' } },
    });
    const search = await app.inject({
      url: api(`${userList.path}?user_type=User&search=a%00b`),
      headers: auth,
    });
    expect(search.statusCode).toBe(400);
    expect(await database.db.select().from(faqs)).toHaveLength(0);
  });

  it('answers a PostgreSQL data exception (out of range, bad encoding) with a 400', async () => {
    const { app } = await buildTestApp();
    app.get('/range', { config: { public: true } }, async () => {
      throw Object.assign(new Error('value "9007199254740991" is out of range for type integer'), {
        code: '22003',
      });
    });
    const res = await app.inject({ url: '/range' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      message: 'A value in the request is out of range or not valid.',
      data: null,
    });
  });
});

describe('uploaded files', () => {
  function appWithUploads() {
    const root = mkdtempSync(join(tmpdir(), 'cabdesk-up-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const uploads = join(root, 'uploads');
    mkdirSync(join(uploads, 'seed'), { recursive: true });
    writeFileSync(join(root, 'secret.png'), 'outside the upload directory');
    writeFileSync(join(root, 'secret.txt'), 'outside the upload directory');
    writeFileSync(join(uploads, 'seed', 'doc.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(uploads, 'seed', 'photo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(uploads, 'seed', 'photo.JPG'), Buffer.from([0xff, 0xd8, 0xff]));
    writeFileSync(join(uploads, 'page.html'), '<script>alert(1)</script>');
    writeFileSync(join(uploads, 'notes.txt'), 'not an image');
    writeFileSync(join(uploads, '.env'), 'SECRET=1');
    return buildTestApp({ UPLOAD_DIR: uploads, UPLOAD_SIGNING_KEY: TEST_UPLOAD_KEY });
  }
  /** Signed for an hour: what is refused below is refused for its path, not its signature. */
  const signed = (url: string) => signUpload(url, Math.floor(Date.now() / 1000) + 3600);

  it('serves images with their content type and a sandboxing CSP', async () => {
    const { app } = await appWithUploads();
    const cases: [string, string][] = [
      ['/uploads/seed/doc.svg', 'image/svg+xml'],
      ['/uploads/seed/photo.png', 'image/png'],
      ['/uploads/seed/photo.JPG', 'image/jpeg'],
    ];
    for (const [url, type] of cases) {
      const res = await app.inject({ url: signed(url) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
    }
  });

  it('serves nothing that is not an image, and nothing outside the directory, signed or not', async () => {
    const { app } = await appWithUploads();
    const urls = [
      '/uploads/page.html',
      '/uploads/notes.txt',
      '/uploads/.env',
      '/uploads/../secret.png',
      '/uploads/..%2fsecret.png',
      '/uploads/..%2Fsecret.txt',
      '/uploads/%2e%2e/secret.png',
      '/uploads/%2e%2e%2fsecret.png',
      '/uploads/seed/..%2f..%2fsecret.png',
      '/uploads/%252e%252e%252fsecret.png',
      '/uploads/..%5csecret.png',
      '/uploads/..\\secret.png',
      '/uploads/%c0%ae%c0%ae/secret.png',
      '/uploads//etc/passwd',
      '/uploads/seed/doc.svg%00.png',
      '/uploads/seed/doc.svg/..%2f..%2f..%2fsecret.png',
    ];
    for (const url of urls) {
      const res = await app.inject({ url: signed(url) });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('outside the upload directory');
      expect(res.body, url).not.toContain('<script>');
      expect(res.body, url).not.toContain('SECRET=1');
    }
  });
});

describe('client addresses', () => {
  const login = (app: App, headers: Record<string, string>, email = 'admin@cabdesk.test') =>
    app.inject({
      method: 'POST',
      url: urlOf(loginEndpoint),
      headers,
      payload: { email, password: 'correct horse battery' },
    });

  it('ignores X-Forwarded-For unless TRUST_PROXY is configured', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    expect((await login(app, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(200);
    const [session] = await database.db.select().from(adminSessions);
    expect(session!.ip).toBe('127.0.0.1');

    // Rotating the header does not escape the per-address sign-in limit.
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await login(
        app,
        { 'x-forwarded-for': `198.51.100.${i + 1}` },
        `nobody${i}@cabdesk.test`,
      );
      codes.push(res.statusCode);
    }
    expect(codes.at(-1)).toBe(429);

    const proxied = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    await createAdmin(proxied.database);
    expect((await login(proxied.app, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(200);
    const [trusted] = await proxied.database.db.select().from(adminSessions);
    expect(trusted!.ip).toBe('203.0.113.9');
  });
});

describe('sign-in', () => {
  it('takes as long for an unknown e-mail as for a wrong password (no enumeration by timing)', async () => {
    // A real hashing cost, so a skipped hash would show: ~2^15 scrypt is tens of ms.
    const { app, database } = await buildTestApp({
      PASSWORD_HASH_COST: '15',
      LOGIN_MAX_ATTEMPTS: '1000',
    });
    // The administrator's hash at the same cost as the server's, as in production.
    await upsertAdmin(database.db, {
      email: 'admin@cabdesk.test',
      name: 'Admin',
      passwordHash: await hashPassword('correct horse battery', 15),
    });
    const time = async (email: string) => {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: urlOf(loginEndpoint),
        payload: { email, password: 'not the password' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid email or password.');
      return performance.now() - started;
    };
    await time('warm-up@cabdesk.test');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time('admin@cabdesk.test'));
      unknown.push(await time(`nobody${i}@cabdesk.test`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [k, u] = [median(known), median(unknown)];
    // Both paths pay for a full hash; neither is a shortcut.
    expect(Math.min(k, u)).toBeGreaterThan(Math.max(k, u) * 0.5);
  });
});

describe('sessions', () => {
  it('are 256-bit random tokens, stored only as a hash, with idle and absolute expiry', async () => {
    const { app, database, config } = await signedIn();
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) tokens.add(await signIn(app));
    expect(tokens.size).toBe(20);
    for (const token of tokens) {
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    const rows = await database.db.select().from(adminSessions);
    const stored = JSON.stringify(rows);
    for (const token of tokens) {
      expect(stored).not.toContain(token);
      expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    }
    expect(config.session.idleMs).toBe(12 * 3_600_000);
    expect(config.session.maxMs).toBe(7 * 86_400_000);
    const last = rows.at(-1)!;
    const lifetime = last.expiresAt.getTime() - last.createdAt.getTime();
    expect(Math.abs(lifetime - config.session.maxMs)).toBeLessThan(60_000);
  });
});
