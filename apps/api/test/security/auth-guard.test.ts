import { randomBytes } from 'node:crypto';
import {
  API_BASE,
  changePassword,
  deleteData,
  getProfile,
  inviteAccept,
  login,
  login2fa,
  logout,
  newPassword,
  liveStream,
  notificationStream,
  resendOtp,
  sendOtp,
  urlOf,
  userList,
  verifyOtp,
} from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminSessions, auditLog } from '../../src/db/schema';
import { hashToken } from '../../src/lib/tokens';
import { DOCS_URL, OPENAPI_URL } from '../../src/plugins/api-reference';
import { ADMIN, bearer, buildTestApp, createAdmin, signIn } from '../helper';

/**
 * The only calls of the admin API reachable without a session: sign-in (and
 * its second step), password recovery (SPEC 7) and accepting an invitation.
 * A new public call must be added here on purpose.
 * (The notification and live map streams are public to the bearer guard, but
 * answer 401 without their single-use ticket: they are walked like the guarded calls.)
 */
const PUBLIC_CALLS = [
  login,
  login2fa,
  sendOtp,
  resendOtp,
  verifyOtp,
  newPassword,
  inviteAccept,
].map(urlOf);
type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** A concrete URL for a route pattern: `:id` -> `1`, `*` -> `x`. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');

/** Every route under the API base but the public calls and the API reference. */
function guardedRoutes(app: App) {
  const routes = app.routeTable.filter(
    (r) =>
      r.url.startsWith(API_BASE) &&
      !PUBLIC_CALLS.includes(r.url) &&
      !r.url.startsWith(DOCS_URL) &&
      r.url !== OPENAPI_URL,
  );
  // Dedupe (a route may be seen by more than one method list).
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const call = (app: App, method: HTTPMethods, url: string, headers: Record<string, string>) =>
  app.inject({
    method,
    url: concrete(url),
    headers,
    ...(method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
      ? {}
      : { payload: { id: 1, table: 'users', status: 'Approved' } }),
  });

async function expectEvery401(app: App, headers: Record<string, string>, label: string) {
  const routes = guardedRoutes(app);
  const failures: string[] = [];
  for (const route of routes) {
    const res = await call(app, route.method, route.url, headers);
    if (res.statusCode !== 401) {
      failures.push(`${label}: ${route.method} ${route.url} answered ${res.statusCode}`);
      continue;
    }
    if (route.method !== 'HEAD') {
      expect(res.json()).toEqual({ status: false, message: expect.any(String), data: null });
    }
  }
  expect(failures).toEqual([]);
}

describe('the authentication guard, over the server’s own route table', () => {
  it('walks the real route table: every API route but the sign-in, recovery and invitation calls', async () => {
    const { app } = await buildTestApp();
    const apiRoutes = app.routeTable.filter((r) => r.url.startsWith(API_BASE));
    // A route marked `public` is walked all the same: only PUBLIC_CALLS may skip the session.
    // The table is the real one (a guard test over an empty table proves nothing).
    for (const p of [login.path, getProfile.path, userList.path, deleteData.path]) {
      expect(
        apiRoutes.some((r) => r.url === `${API_BASE}${p}`),
        `${p} is not served`,
      ).toBe(true);
    }
    expect(guardedRoutes(app).length).toBeGreaterThan(25);
  });

  it('marks public exactly the sign-in, recovery and invitation calls, the stream and the API reference', async () => {
    const { app } = await buildTestApp();
    const marked = app.routeTable
      .filter((r) => r.url.startsWith(API_BASE) && r.public)
      .filter((r) => !r.url.startsWith(DOCS_URL) && r.url !== OPENAPI_URL)
      .map((r) => r.url);
    expect([...new Set(marked)].sort()).toEqual(
      [...PUBLIC_CALLS, urlOf(notificationStream), urlOf(liveStream)].sort(),
    );
    const reference = app.routeTable.filter(
      (r) => r.url.startsWith(DOCS_URL) || r.url === OPENAPI_URL,
    );
    expect(reference.length).toBeGreaterThan(1);
    expect(reference.every((r) => r.public)).toBe(true);
  });

  it('answers 401 on every other route with no token or a malformed header', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    await expectEvery401(app, {}, 'no token');
    await expectEvery401(app, { authorization: 'Bearer' }, 'empty bearer');
    await expectEvery401(app, { authorization: 'Basic YWRtaW46YWRtaW4=' }, 'basic');
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(after).toEqual(before);
  });

  it('answers 401 on every other route with a forged token', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const real = await signIn(app);
    // Same shape as a real token, never issued.
    await expectEvery401(app, bearer(randomBytes(32).toString('base64url')), 'forged');
    // The stored hash itself is not a token.
    const [row] = await database.db.select().from(adminSessions);
    await expectEvery401(app, bearer(row!.tokenHash), 'hash as token');
    // A real token with one character changed.
    const flipped = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A');
    await expectEvery401(app, bearer(flipped), 'tampered');
    // The real token still works: the 401s above are the guard, not a broken app.
    const ok = await app.inject({ url: urlOf(getProfile), headers: bearer(real) });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 401 on every other route with an expired token (absolute and idle expiry)', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const absolute = await signIn(app);
    await database.db
      .update(adminSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(adminSessions.tokenHash, hashToken(absolute)));
    await expectEvery401(app, bearer(absolute), 'past absolute expiry');

    const idle = await signIn(app);
    await database.db
      .update(adminSessions)
      .set({ lastSeenAt: sql`now() - interval '12 hours 1 minute'` })
      .where(eq(adminSessions.tokenHash, hashToken(idle)));
    await expectEvery401(app, bearer(idle), 'idle too long');
  });

  it('answers 401 on every other route with a token revoked by logout or a password change', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const token = await signIn(app);
    const out = await app.inject({
      method: 'POST',
      url: urlOf(logout),
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    await expectEvery401(app, bearer(token), 'logged out');

    const other = await signIn(app);
    const current = await signIn(app);
    const changed = await app.inject({
      method: 'POST',
      url: urlOf(changePassword),
      headers: bearer(current),
      payload: {
        password: ADMIN.password,
        new_password: 'a brand new passphrase',
        confirm_password: 'a brand new passphrase',
      },
    });
    expect(changed.statusCode).toBe(200);
    await expectEvery401(app, bearer(other), 'revoked by password change');
  });
});
