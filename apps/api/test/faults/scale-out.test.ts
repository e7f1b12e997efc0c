import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  getProfile,
  login as loginEndpoint,
  logout,
  NOTIFICATION_EVENTS,
  notificationStream,
  notificationStreamTicket,
  resendOtp,
  rideCancel,
  sendOtp,
  urlOf,
} from '@cabdesk/contract';
import webpush from 'web-push';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { ACCOUNT_THROTTLE } from '../../src/modules/auth';
import { createRide } from '../builders';
import { ADMIN, createAdmin } from '../helper';
import { openSse, type SseClient } from '../sse';
import {
  bearer,
  call,
  colleagueOn,
  postgresForTest,
  signIn,
  startApi,
  startNginx,
  type Answer,
  type ApiProcess,
} from './processes';

/**
 * Two API processes behind nginx over one PostgreSQL (the run's
 * TEST_DATABASE_URL, else a throw-away server, so it needs one of the two):
 * sessions, rate limits and live notifications hold across instances.
 */
const MAX_ATTEMPTS = 3;

describe('scale-out: two instances behind nginx over one PostgreSQL', () => {
  it('shares sessions, rate limits and live notifications between instances', async () => {
    const postgres = await postgresForTest('cabdesk_scale');
    onTestFinished(postgres.drop);
    const shared = mkdtempSync(join(tmpdir(), 'cabdesk-scale-'));
    onTestFinished(() => rmSync(shared, { recursive: true, force: true }));
    const vapid = webpush.generateVAPIDKeys();
    const env = {
      DATABASE_URL: postgres.url,
      DATABASE_POOL_SIZE: '3',
      DATA_DIR: shared,
      WEB_DIST_DIR: join(shared, 'no-web'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      TRUST_PROXY: '127.0.0.1',
      LOGIN_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      // One long window, so the attempts below cannot straddle two.
      LOGIN_WINDOW_MINUTES: '10080',
    };
    // Both start at once: migrations take turns under the advisory lock.
    const [a, b] = await Promise.all([startApi(env), startApi(env)]);
    onTestFinished(async () => {
      await a.kill('SIGKILL');
      await b.kill('SIGKILL');
    });
    const upstreamOf = (server: ApiProcess) => `127.0.0.1:${server.port}`;
    const nginx = await startNginx([upstreamOf(a), upstreamOf(b)]);
    onTestFinished(nginx.stop);
    const instance = (res: Answer) => res.headers['x-upstream'];
    const through = (path: string, options: Parameters<typeof call>[2] = {}) =>
      call(nginx.url, path, options);
    const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 1 });
    onTestFinished(() => database.close());
    // The Owner's stored hash at the tests' cost (a sign-in checks a password at the cost
    // stored with it): the two dozen sign-ins below test what the instances share, not
    // scrypt. The servers' own hashes (an unknown e-mail's) stay at production's.
    await createAdmin(database);

    // A session made on one instance works on the other, and logout on one ends it on both.
    const token = await signIn(a.url);
    const onB = await call<{ email: string }>(b.url, urlOf(getProfile), {
      headers: bearer(token),
    });
    expect(onB.status, onB.body).toBe(200);
    expect(onB.json.data.email).toBe(ADMIN.email);
    const ended = await signIn(b.url);
    expect(
      (await call(a.url, urlOf(logout), { method: 'POST', headers: bearer(ended) })).status,
    ).toBe(200);
    expect((await call(b.url, urlOf(getProfile), { headers: bearer(ended) })).status).toBe(401);

    // Through nginx: round-robin sends consecutive calls to different instances.
    const login = await through(urlOf(loginEndpoint), {
      body: { ...ADMIN, user_type: 'Admin', device_type: 'Web' },
    });
    expect(login.status, login.body).toBe(200);
    const viaNginx = (login.json.data as { token: string }).token;
    const profiles = [];
    for (let i = 0; i < 2; i++) {
      profiles.push(await through(urlOf(getProfile), { headers: bearer(viaNginx) }));
    }
    expect(profiles.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set([instance(login), ...profiles.map(instance)])).toEqual(
      new Set([upstreamOf(a), upstreamOf(b)]),
    );

    // A notification raised on one instance reaches a stream served by the other
    // (and passes through nginx unbuffered).
    const ticket = async (base: string) => {
      const res = await call<{ ticket: string }>(base, urlOf(notificationStreamTicket), {
        method: 'POST',
        headers: bearer(token),
      });
      expect(res.status, res.body).toBe(200);
      return encodeURIComponent(res.json.data.ticket);
    };
    const streamUrl = async (base: string, issuer: ApiProcess) =>
      `${base}${urlOf(notificationStream)}?ticket=${await ticket(issuer.url)}`;
    // The trips are cancelled by a colleague: an administrator's own action is not
    // echoed back to them live.
    const cancelAndExpect = async (raiser: ApiProcess, listener: SseClient) => {
      const ride = await createRide(database, { rideStatus: 'Pending' });
      const cancel = await call(raiser.url, urlOf(rideCancel), {
        body: { ride_id: ride.id, reason: 'Scale-out check' },
        headers: bearer(await colleagueOn(database, raiser.url)),
      });
      expect(cancel.status, cancel.body).toBe(200);
      const event = await listener.next(
        (e) =>
          e.event === NOTIFICATION_EVENTS.notification &&
          (JSON.parse(e.data) as { link: string }).link === `/trip-detail/${ride.id}`,
        10_000,
      );
      expect(JSON.parse(event.data)).toMatchObject({
        title: 'Trip cancelled',
        message: `Trip #${ride.id} was cancelled: Scale-out check.`,
      });
    };
    // The stream through nginx lands on one instance; the event is raised on the other.
    const viaProxy = await openSse(await streamUrl(nginx.url, a));
    onTestFinished(() => viaProxy.close());
    expect(viaProxy.status).toBe(200);
    expect([upstreamOf(a), upstreamOf(b)]).toContain(viaProxy.headers['x-upstream']);
    const [streaming, raising] = viaProxy.headers['x-upstream'] === upstreamOf(a) ? [a, b] : [b, a];
    await cancelAndExpect(raising, viaProxy);
    // And the other way round, straight to the instances: a stream on the first raiser,
    // the event raised on the instance that served the first stream.
    const direct = await openSse(await streamUrl(raising.url, streaming));
    onTestFinished(() => direct.close());
    expect(direct.status).toBe(200);
    await cancelAndExpect(streaming, direct);

    // Login limits are counted in the database, so alternating instances gains nothing.
    // Per account: each failure from another address; past the throttle's free failures
    // the next attempt (right password, new address) must wait, on either instance.
    const served = new Set<string>();
    const failLogin = async (email: string, from: string) => {
      const res = await through(urlOf(loginEndpoint), {
        body: { email, password: 'not the password', user_type: 'Admin', device_type: 'Web' },
        headers: { 'x-forwarded-for': from },
      });
      served.add(instance(res)!);
      return res.status;
    };
    const statuses = [];
    for (let i = 1; i <= ACCOUNT_THROTTLE.free; i++)
      statuses.push(await failLogin(ADMIN.email, `203.0.113.${i}`));
    expect(statuses).toEqual(Array(ACCOUNT_THROTTLE.free).fill(401));
    for (const base of [a.url, b.url]) {
      const locked = await call(base, urlOf(loginEndpoint), {
        body: { ...ADMIN, user_type: 'Admin', device_type: 'Web' },
        headers: { 'x-forwarded-for': '203.0.113.200' },
      });
      expect(locked.status, locked.body).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Password-reset codes too: the resend pause set by one instance holds on the other.
    const otpFor = { email: 'reset-check@cabdesk.test' };
    const sent = await call(a.url, urlOf(sendOtp), { body: otpFor });
    expect(sent.status, sent.body).toBe(200);
    const resent = await call<{ retry_after: number }>(b.url, urlOf(resendOtp), {
      body: otpFor,
    });
    expect(resent.status, resent.body).toBe(429);
    expect(resent.json.data.retry_after).toBeGreaterThan(0);
    // Per address: failures on different accounts from one client, counted across instances.
    const fromOne = [];
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      fromOne.push(await failLogin(`nobody${i}@cabdesk.test`, '198.51.100.2'));
    }
    expect(fromOne).toEqual(Array(MAX_ATTEMPTS).fill(401));
    expect(await failLogin('nobody-else@cabdesk.test', '198.51.100.2')).toBe(429);
    expect(await failLogin('nobody-else@cabdesk.test', '198.51.100.2')).toBe(429);
    expect(served.size).toBe(2);
    // Another client is not locked out by that one.
    expect(await failLogin('nobody-else@cabdesk.test', '198.51.100.3')).toBe(401);
  }, 150_000);
});
